/**
 * An e-mail address that breaks after its @ when it must break (`buyer300@` / `example.com`),
 * rather than wherever a narrow column ends (`buyer300@exa` / `mple.com`); '—' for none.
 */
export function EmailText({ email }: { email: string | null }) {
  if (!email) return '—';
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
