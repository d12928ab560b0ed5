import { useEffect, useEffectEvent, useState } from "react";
import { useDebouncedValue } from "./use-debounced-value";

/**
 * A text box that answers every key press while the value it stands for (a filter in the address
 * bar) follows only once typing pauses: `commit` gets the trimmed text 350 ms after the last key.
 * When `value` changes from elsewhere (a link, the back button, "Clear filters") the box shows it,
 * and that change is not committed back.
 */
export function useSettledText(value: string, commit: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, 350);
  useEffect(() => setText(value), [value]);
  // Reads `value` and `commit` as they are when the text settles: only the text's own pauses commit.
  const commitIfChanged = useEffectEvent((settledText: string) => {
    if (settledText.trim() !== value.trim()) commit(settledText.trim());
  });
  useEffect(() => commitIfChanged(settled), [settled]);
  return [text, setText];
}
