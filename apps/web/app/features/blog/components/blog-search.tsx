import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { SUGGESTIONS } from "@vestin/shared/blog-core";
import type { ArticleSummary } from "@vestin/shared/blog";
import { apiRequest } from "~/lib/api-client";
import { cn } from "~/lib/cn";

type Suggestion = Pick<ArticleSummary, "_id" | "slug" | "title" | "category">;

/**
 * Free-text search with suggestions (at least 2 characters, at most 5, debounced). Enter or the
 * button searches; choosing a suggestion opens that article. Keyboard: arrows, Enter, Escape.
 */
export function BlogSearch({ initial, onSearch }: { initial: string; onSearch: (query: string) => void }) {
  const [value, setValue] = useState(initial);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const listId = useId();
  const abort = useRef<AbortController | null>(null);

  useEffect(() => setValue(initial), [initial]);

  useEffect(() => {
    const query = value.trim();
    if (query.length < SUGGESTIONS.minChars) {
      setSuggestions([]);
      return;
    }
    const timer = setTimeout(() => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      apiRequest<Suggestion[]>(`/blogs?search=${encodeURIComponent(query)}&limit=${SUGGESTIONS.max}`, { token: false, signal: controller.signal })
        .then((result) => {
          if (result.ok && Array.isArray(result.data)) {
            setSuggestions(result.data.slice(0, SUGGESTIONS.max));
            setActive(-1);
          }
        })
        .catch(() => {});
    }, 250);
    return () => clearTimeout(timer);
  }, [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
    const chosen = suggestions[active];
    if (open && chosen) void navigate(`/blog/${chosen.slug}`);
    else onSearch(value.trim());
  };

  const showList = open && suggestions.length > 0 && value.trim().length >= SUGGESTIONS.minChars;

  return (
    <form role="search" onSubmit={submit} className="relative">
      <label htmlFor="blog-search" className="sr-only">
        Search articles
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-muted" />
        <input
          id="blog-search"
          type="search"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          placeholder="Search articles, topics or tags"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setOpen(true);
              setActive((i) => Math.min(i + 1, suggestions.length - 1));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((i) => Math.max(i - 1, -1));
            } else if (e.key === "Escape") {
              setOpen(false);
            }
          }}
          className="h-14 w-full rounded-full border border-line bg-white pl-12 pr-28 text-base text-ink shadow-sm placeholder:text-placeholder focus:border-brand-violet focus:outline-none focus:ring-2 focus:ring-brand-violet/20 [&::-webkit-search-cancel-button]:hidden"
        />
        {value && (
          <button
            type="button"
            onClick={() => {
              setValue("");
              setSuggestions([]);
            }}
            aria-label="Clear the search box"
            className="absolute right-24 top-1/2 -translate-y-1/2 rounded-full p-1.5 text-muted hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
        <button
          type="submit"
          className="absolute right-2 top-1/2 h-10 -translate-y-1/2 rounded-full bg-navy-900 px-5 text-sm font-semibold text-white hover:bg-navy-800"
        >
          Search
        </button>
      </div>
      <ul
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA combobox pattern: this list is the search box's listbox popup, driven from the input
        role="listbox"
        aria-label="Suggested articles"
        hidden={!showList}
        className="absolute inset-x-0 top-full z-20 mt-2 overflow-hidden rounded-2xl border border-line bg-white py-1 shadow-xl"
      >
        {suggestions.map((s, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options are not focused; the input keeps the focus and points at the active one with aria-activedescendant (arrows, Enter, Escape are handled there)
          <li
            key={s._id}
            id={`${listId}-${i}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a suggestion is an option of the search box's listbox (WAI-ARIA combobox pattern)
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => {
              e.preventDefault();
              void navigate(`/blog/${s.slug}`);
            }}
            onMouseEnter={() => setActive(i)}
            className={cn("cursor-pointer px-4 py-2.5 text-sm", i === active && "bg-surface")}
          >
            <span className="block font-medium text-ink">{s.title}</span>
            <span className="block text-xs text-muted">{s.category}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
