import { BarChart3, ListChecks } from "lucide-react";
import { ASSESSMENT_DEFAULTS } from "@vestin/shared/assessments";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useAdminQuery } from "../hooks/use-admin-query";
import { useSearchState } from "../hooks/use-search-state";
import { assessmentPath, type StoredAssessment } from "./assessment-api";
import { AssessmentEditor } from "./assessment-editor";
import { AssessmentReport } from "./assessment-report";

type Tab = "questions" | "report";

function summary(stored: StoredAssessment | undefined): string {
  if (!stored) return "Questions a learner answers to earn the course certificate.";
  const a = stored.assessment;
  if (!a) return "None: learners get the certificate for completing the lessons.";
  const timed = a.timeLimitMinutes ? `${a.timeLimitMinutes} minutes` : "untimed";
  return `${a.questions.length} questions · pass mark ${a.passMark}% · ${a.maxAttempts} attempts per ${ASSESSMENT_DEFAULTS.attemptWindowHours} hours · ${timed}`;
}

/**
 * The course's final assessment inside the course editor: the question bank and settings, and the
 * report of how learners answered. The editor stays mounted behind the report tab, so a draft is
 * not lost by looking at the figures; the report loads each time its tab opens.
 */
export function CourseAssessment({ courseId, lessonCount }: { courseId: string; lessonCount: number }) {
  const loaded = useAdminQuery<StoredAssessment>(assessmentPath(courseId));
  const { get, set } = useSearchState();
  const tab: Tab = get("assessment") === "report" ? "report" : "questions";

  return (
    <section aria-labelledby="assessment-title" className="mt-10">
      <div className="mb-3">
        <h2 id="assessment-title" className="text-lg font-bold text-ink">
          Final assessment
        </h2>
        <p className="mt-0.5 text-sm text-muted">{summary(loaded.data)}</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => set({ assessment: value === "report" ? "report" : null }, { keepPage: true })}>
        <TabsList aria-label="Final assessment">
          <TabsTrigger value="questions">
            <ListChecks aria-hidden="true" className="size-4" /> Questions and settings
          </TabsTrigger>
          <TabsTrigger value="report">
            <BarChart3 aria-hidden="true" className="size-4" /> Report
          </TabsTrigger>
        </TabsList>
        <TabsContent value="questions" className="mt-4">
          <AssessmentEditor courseId={courseId} lessonCount={lessonCount} loaded={loaded} />
        </TabsContent>
        <TabsContent value="report" className="mt-4">
          {tab === "report" && <AssessmentReport courseId={courseId} passMark={loaded.data?.assessment?.passMark} />}
        </TabsContent>
      </Tabs>
    </section>
  );
}
