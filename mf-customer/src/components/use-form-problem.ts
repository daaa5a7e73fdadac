import { useState } from 'react';

/**
 * A form's validation message (issue 38, item 12): none until the buyer first tries to send, then
 * the problem of what the fields hold now, so the message goes as soon as the fields are fixed
 * rather than staying until the next submit. `check` is the submit's test; `reset` starts over
 * after the form is sent and emptied (empty fields are then not a mistake).
 *
 * @example const validation = useFormProblem(fields, trackQueryProblem); if (validation.check()) return;
 */
export function useFormProblem<Values>(
  values: Values,
  problemOf: (values: Values) => string | null,
): { problem: string | null; check: () => string | null; reset: () => void } {
  const [tried, setTried] = useState(false);
  return {
    problem: tried ? problemOf(values) : null,
    check: () => {
      setTried(true);
      return problemOf(values);
    },
    reset: () => setTried(false),
  };
}
