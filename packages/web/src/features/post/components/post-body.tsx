import { Typography } from '@mantine/core';

/**
 * A post's body. The server keeps only safe formatting (decision 042: no script, style, event handler or
 * javascript: link survives its sanitizer), so the stored HTML is shown as it is.
 */
export function PostBody({ html }: { html: string }) {
  if (!html.trim()) return null;
  return (
    <Typography className="pluk-wrap">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
