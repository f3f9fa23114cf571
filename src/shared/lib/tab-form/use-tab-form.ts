import { type FormEvent, useState } from 'react';

/** When a save succeeded (called from a mutation's callback, never while rendering). */
const savedNow = () => Date.now();

export interface TabFormOptions<Saved, Form> {
  /** What is saved now: the form starts from it, and is "dirty" while it differs. */
  saved: Saved;
  formFrom: (saved: Saved) => Form;
  /** The client's own checks, shown once Save was pressed. */
  validate: (form: Form) => Record<string, string>;
  /** Sends the form once the client's checks pass (the screen's mutation). */
  submit: (form: Form) => void;
  /** false: a read-only form that never submits. */
  canSave?: boolean;
}

/**
 * One settings tab's form-then-Save (docs/decisions/0018): the form starts from what is saved, the client's checks
 * show after Save is pressed, the server's field errors under their fields and any other refusal above Save, and a
 * save is confirmed in a status line ("✓ Saved at 7:41 PM"). The screen owns its mutation and wires
 * `saveSucceeded` / `saveFailed` into its callbacks.
 */
export function useTabForm<Saved, Form>({ saved, formFrom, validate, submit, canSave = true }: TabFormOptions<Saved, Form>) {
  const [form, setForm] = useState<Form>(() => formFrom(saved));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const clientErrors = validate(form);
  const hasClientErrors = Object.keys(clientErrors).length > 0;

  return {
    form,
    update(patch: Partial<Form>) {
      setForm((current) => ({ ...current, ...patch }));
      setSavedAt(null);
    },
    errorFor: (field: string) => serverErrors[field] ?? (submitted ? clientErrors[field] : undefined),
    dirty: JSON.stringify(form) !== JSON.stringify(formFrom(saved)),
    refusal,
    savedAt,
    hasErrors: submitted && hasClientErrors,
    onSubmit(event: FormEvent) {
      event.preventDefault();
      if (!canSave) return;
      setSubmitted(true);
      if (hasClientErrors) return;
      setServerErrors({});
      setRefusal(null);
      submit(form);
    },
    /** The mutation's onSuccess: the form starts again from what was saved. */
    saveSucceeded(next: Saved) {
      setForm(formFrom(next));
      setSubmitted(false);
      setSavedAt(savedNow());
    },
    /** The mutation's onError: `fields` under their fields; with none, `message` above Save. */
    saveFailed(fields: Record<string, string>, message: string) {
      setServerErrors(fields);
      setRefusal(Object.keys(fields).length === 0 ? message || 'Saving failed. Please try again.' : null);
    },
    /** Starts again from `next` (what is saved now, after someone else's save). */
    resetTo(next: Saved) {
      setForm(formFrom(next));
      setServerErrors({});
      setSubmitted(false);
    },
  };
}
