import { Check, ChevronDown } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { countryName, COUNTRIES, filterCountries, LEAD_MESSAGES } from "@vestin/shared/leads-core";
import { FieldError, FieldLabel, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";

type Props = {
  label: string;
  /** ISO 3166-1 alpha-2 code, or "" for none. */
  value: string;
  onChange: (code: string) => void;
  name: string;
  error?: string | undefined;
  required?: boolean;
  placeholder?: string;
  id?: string;
};

/**
 * The searchable country list (ARIA 1.2 combobox with a list popup): type to filter by name,
 * arrows, Home/End, Enter to choose, Escape or a click outside to close. At most 300px tall.
 */
export function CountryCombobox({ label, value, onChange, name, error, required, placeholder, id }: Props) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const listId = `${autoId}-list`;
  const errorId = `${autoId}-error`;
  const wrapper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const matches = useMemo(() => (query === null ? COUNTRIES : filterCountries(query)), [query]);
  const selectedName = countryName(value) ?? "";
  const activeCountry = open ? matches[active] : undefined;

  const close = useCallback(() => {
    setOpen(false);
    setQuery(null);
  }, []);
  const openList = () => {
    if (open) return;
    const selected = matches.findIndex((c) => c.code === value);
    setActive(Math.max(selected, 0));
    setOpen(true);
  };
  const choose = (code: string) => {
    onChange(code);
    close();
    input.current?.focus();
  };

  // A click anywhere outside closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, close]);

  // Keep the active option in view while moving with the keyboard.
  useEffect(() => {
    if (!open || !activeCountry) return;
    list.current?.querySelector(`[data-code="${activeCountry.code}"]`)?.scrollIntoView({ block: "nearest" });
  }, [open, activeCountry]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(last, i + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(0, i - 1));
        break;
      case "Home":
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case "End":
        if (open) {
          event.preventDefault();
          setActive(Math.max(0, last));
        }
        break;
      case "Enter":
        if (open) {
          event.preventDefault();
          if (activeCountry) choose(activeCountry.code);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          close();
        }
        break;
      case "Tab":
        close();
        break;
    }
  };

  return (
    <div className="relative" ref={wrapper}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          ref={input}
          id={inputId}
          type="text"
          role="combobox"
          data-field={name}
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeCountry ? `${listId}-${activeCountry.code}` : undefined}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={placeholder}
          value={query ?? selectedName}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
            if (e.target.value.trim() === "" && value) onChange("");
          }}
          onClick={openList}
          onKeyDown={onKeyDown}
          onBlur={(e) => {
            if (!wrapper.current?.contains(e.relatedTarget as Node | null)) close();
          }}
          className={cn(inputClasses, "pr-11")}
        />
        <input type="hidden" name={name} value={value} />
        <button
          type="button"
          tabIndex={-1}
          aria-label={open ? "Hide countries" : "Show countries"}
          onClick={() => {
            if (open) close();
            else {
              openList();
              input.current?.focus();
            }
          }}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-muted"
        >
          <ChevronDown aria-hidden="true" className={cn("size-5 transition-transform", open && "rotate-180")} />
        </button>
      </div>
      {/* The listbox stays in the DOM (hidden) so aria-controls always points at it. */}
      <div className={cn("absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-xl border border-line bg-white shadow-lg", !open && "hidden")}>
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA combobox pattern: this list is the combobox's listbox popup, driven from the input */}
        <ul ref={list} id={listId} role="listbox" aria-label={label} className="max-h-[300px] overflow-y-auto py-1" style={{ maxHeight: 300 }}>
          {open &&
            matches.map((country, i) => {
              const selected = country.code === value;
              return (
                // biome-ignore lint/a11y/useFocusableInteractive: options are not focused; the input keeps the focus and points at the active one with aria-activedescendant
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard is handled on the input (arrows, Home/End, Enter, Escape); the click is the pointer's way to choose
                <li
                  key={country.code}
                  id={`${listId}-${country.code}`}
                  data-code={country.code}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox's listbox (WAI-ARIA combobox pattern)
                  role="option"
                  aria-selected={selected}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => setActive(i)}
                  onClick={() => choose(country.code)}
                  className={cn(
                    "flex cursor-pointer items-center justify-between gap-3 px-4 py-2 text-sm",
                    i === active ? "bg-brand-violet/10 text-ink" : "text-ink",
                    selected && "font-semibold",
                  )}
                >
                  <span>{country.name}</span>
                  {selected && <Check aria-hidden="true" className="size-4 shrink-0 text-brand-violet" />}
                </li>
              );
            })}
        </ul>
        {open && matches.length === 0 && (
          <p role="status" className="px-4 py-3 text-sm text-muted">
            {LEAD_MESSAGES.noCountries}
          </p>
        )}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
