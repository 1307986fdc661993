import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, IconButton, type ButtonProps } from '@chakra-ui/react';
import { LuFlag } from 'react-icons/lu';
import { reportTexts, type ReportSubject } from './reportKinds';
import { useOptionalSession } from './session';

// The dialog (its form, reasons and mutation) is its own chunk, loaded the first time a member reports something.
const LazyReportDialog = lazy(() => import('./ReportDialog'));

/**
 * The report dialog behind a menu item or button: `open(subject)` shows it for that content, `dialog` is the node
 * to render (nothing while closed). For places that have their own menu (the post menu, ...).
 */
export function useReportDialog(): { open: (subject: ReportSubject) => void; isOpen: boolean; dialog: ReactNode } {
  const [subject, setSubject] = useState<ReportSubject | null>(null);
  const dialog = subject && (
    <Suspense fallback={null}>
      <LazyReportDialog kind={subject.kind} subjectId={subject.subjectId} onClose={() => setSubject(null)} />
    </Suspense>
  );
  return { open: setSubject, isOpen: !!subject, dialog };
}

/** Whether the signed-in member may report content by `authorId`: someone else's, never their own. */
export function useCanReport(authorId: string | null | undefined): boolean {
  const me = useOptionalSession()?.id;
  return !!me && !!authorId && authorId !== me;
}

/**
 * Styles that show a Report button only while its row (a `.group` parent) is hovered or focused, where hover exists.
 */
const REVEAL = {
  '@media (hover: hover)': {
    opacity: 0,
    transition: 'opacity 150ms',
    '.group:hover &, .group:focus-within &, &:focus-visible, &[aria-expanded=true]': { opacity: 1 },
  },
  '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
};

interface ReportButtonProps extends ReportSubject {
  /** The button's accessible name (default 'Report comment', ... from the kind). */
  label?: string;
  /** 'icon': a flag icon button (lists: comments, chat bubbles); 'text': a flag and 'Report' (detail views). */
  variant?: 'icon' | 'text';
  size?: ButtonProps['size'];
  /** Shown only while the surrounding `.group` row is hovered or focused (always on touch screens). */
  reveal?: boolean;
}

/**
 * The Report action of a piece of content someone else wrote: opens the shared report dialog for it. Render it only
 * for content that is not the viewer's own (the server refuses those reports too).
 */
export function ReportButton({
  kind,
  subjectId,
  label,
  variant = 'icon',
  size = 'sm',
  reveal = false,
}: ReportButtonProps) {
  const report = useReportDialog();
  const name = label ?? reportTexts(kind).action;
  const open = () => report.open({ kind, subjectId });
  const common = {
    variant: 'ghost' as const,
    size,
    color: 'fg.muted',
    onClick: open,
    'data-testid': 'report-button',
    css: reveal ? REVEAL : undefined,
  };
  return (
    <>
      {variant === 'text' ? (
        <Button {...common} aria-label={label} minH="11">
          <LuFlag aria-hidden />
          Report
        </Button>
      ) : (
        <IconButton
          {...common}
          aria-label={name}
          minW={{ base: '11', md: 'auto' }}
          minH={{ base: '11', md: 'auto' }}
          flexShrink={0}
        >
          <LuFlag />
        </IconButton>
      )}
      {report.dialog}
    </>
  );
}
