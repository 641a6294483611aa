import { Typography } from '@mantine/core';

/**
 * Rich text from the server: a post's body, a re-enrolment round's explanation. The server keeps only safe
 * formatting (decision 042: no script, style, event handler or javascript: link survives its sanitizer), so
 * the stored HTML is shown as it is. Nothing at all for an empty text.
 */
export function RichTextBody({ html }: { html: string }) {
  if (!html.trim()) return null;
  return (
    <Typography className="pluk-wrap">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
