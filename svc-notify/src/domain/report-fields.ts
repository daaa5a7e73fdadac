/**
 * The field syntax the machine-readable parts of mail reports share (RFC 3464's
 * `message/delivery-status`, RFC 5965's `message/feedback-report`): header-like `Name: value`
 * lines, folded lines continuing the field above them, groups separated by blank lines.
 */

/** Each group's fields, names lower-cased; a name given twice keeps its last value. */
export function fieldGroupsOf(text: string): Map<string, string>[] {
  const unfolded = text.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  return unfolded.split(/\n\s*\n/).map((group) => {
    const fields = new Map<string, string>();
    for (const line of group.split('\n')) {
      const colon = line.indexOf(':');
      if (colon > 0)
        fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    return fields;
  });
}

/** `type; value` fields (`rfc822; ann@example.com`, `smtp; 550 ...`): the value. */
export const typedValueOf = (field: string | undefined) => {
  if (field === undefined) return null;
  const semicolon = field.indexOf(';');
  const value = (semicolon < 0 ? field : field.slice(semicolon + 1)).trim();
  return value || null;
};

// A report is outside text: its control characters go, whatever they would do to a screen.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]+/g;

/** Outside text made one line of at most `max` characters, fit for the seller's screens. */
export const oneLine = (text: string, max: number) =>
  text.replace(controlCharacters, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
