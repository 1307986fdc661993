import { Fragment, type ReactNode } from 'react';
import { Link } from '@chakra-ui/react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than a link. */
const TRAILING = /[.,!?;:)\]]+$/;

/**
 * A message's text as React nodes: web addresses (http and https only) become links that open in a new tab
 * without access to this page; everything else stays text, so no markup in a message is ever interpreted.
 */
export function linkify(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > last) out.push(text.slice(last, start));
    out.push(
      <Link key={start} href={url} target="_blank" rel="noopener noreferrer" textDecoration="underline" color="inherit">
        {url}
      </Link>,
    );
    last = start + url.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out.map((part, i) => <Fragment key={i}>{part}</Fragment>);
}
