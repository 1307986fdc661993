import { Link, Text, type TextProps } from '@chakra-ui/react';
import { splitLinks } from './postContent';

/** Post or comment text with line breaks kept and http(s) links clickable (opened in a new tab). */
export function RichText({ text, ...props }: { text: string } & TextProps) {
  return (
    <Text whiteSpace="pre-wrap" overflowWrap="anywhere" {...props}>
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <Link
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            color="blue.fg"
            textDecoration="underline"
          >
            {part.value}
          </Link>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </Text>
  );
}
