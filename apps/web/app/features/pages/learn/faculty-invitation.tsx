import { Mail } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";
import { aboutLearning } from "~/content/learning-pages";
import { CheckListCard } from "./check-list-card";

/** Join Our Faculty: who we look for and Become an Instructor (an e-mail to the faculty team). */
export function FacultyInvitation() {
  const { faculty } = aboutLearning;
  return (
    <section aria-labelledby="faculty" className="bg-white">
      <div className="container-page reveal py-16 sm:py-20 lg:py-24">
        <div className="grid gap-10 rounded-[1.5rem] border border-line bg-surface p-6 sm:p-10 lg:grid-cols-2 lg:gap-14 lg:p-14">
          <div>
            <p className="mb-2 text-sm font-semibold tracking-widest text-brand-teal-dark uppercase">Teach with us</p>
            <h2 id="faculty" className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
              {faculty.heading}
            </h2>
            {faculty.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)} className="mt-4 text-lg leading-relaxed text-muted">
                {paragraph}
              </p>
            ))}
            <a href={faculty.button.href} className={buttonClasses("secondary", "lg", "mt-8")}>
              <Mail aria-hidden="true" className="size-4" />
              {faculty.button.label}
            </a>
          </div>
          <CheckListCard heading={faculty.lookingForHeading} items={faculty.lookingFor} />
        </div>
      </div>
    </section>
  );
}
