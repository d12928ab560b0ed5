import { useCallback, useState } from "react";
import type { PresaleInput } from "@vestin/shared/leads";
import type { FormGuardState } from "~/lib/form-guard";
import type { ApiResult } from "~/lib/api-client";
import { registerPresale, type PresaleStanding } from "../api/leads-api";

type PresaleData = { queuePosition?: number; totalAhead?: number };
type PresaleRequestState = { isLoading: boolean; error: string | null; success: boolean; data: PresaleData | null };

const IDLE: PresaleRequestState = { isLoading: false, error: null, success: false, data: null };

/**
 * The presale request's states (idle, loading, success, failed); starting a request clears the
 * error and the success flag. The form guard's fields go with the registration.
 */
export function usePresaleRequest(guard: Pick<FormGuardState, "prepare" | "settle">) {
  const { prepare, settle } = guard;
  const [state, setState] = useState<PresaleRequestState>(IDLE);

  const submit = useCallback(
    async (input: PresaleInput): Promise<ApiResult<PresaleStanding>> => {
      setState({ isLoading: true, error: null, success: false, data: null });
      const result = settle(await registerPresale({ ...input, ...(await prepare()) }));
      setState(
        result.ok
          ? { isLoading: false, error: null, success: true, data: result.data }
          : { isLoading: false, error: result.message, success: false, data: null },
      );
      return result;
    },
    [prepare, settle],
  );

  const clearError = useCallback(() => setState((s) => (s.error ? { ...s, error: null } : s)), []);
  const reset = useCallback(() => setState(IDLE), []);

  return { ...state, submit, clearError, reset };
}
