import { Check, Mail } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";
import { aboutLearning } from "~/content/learning-pages";

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
          <div className="rounded-card border border-line bg-white p-6 shadow-card sm:p-8">
            <h3 className="text-lg font-semibold tracking-tight text-ink">{faculty.lookingForHeading}</h3>
            <ul className="mt-5 grid gap-4">
              {faculty.lookingFor.map((item) => (
                <li key={item} className="flex gap-3 leading-relaxed text-ink">
                  <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-teal/10 text-brand-teal-dark">
                    <Check aria-hidden="true" className="size-3.5" />
                  </span>
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
