/** A zod-like result's issues as the tabs show them: the first message per field path ("reviews.0.quote"). */
export function issuesByField(result: { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } }): Record<string, string> {
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return errors;
}
