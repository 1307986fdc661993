import type { ReportKind } from '../gql/graphql';

/** What a Report action reports: the kind of content and its id. */
export interface ReportSubject {
  kind: ReportKind;
  subjectId: string;
}

/** The noun of each kind in the report texts ('Report Comment', 'Comment reported to administrators.'). */
const NOUNS: Record<ReportKind, string> = {
  post: 'Post',
  comment: 'Comment',
  reel: 'Reel',
  recipe: 'Recipe',
  recipeComment: 'Comment',
  review: 'Review',
  listing: 'Listing',
  group: 'Group',
  groupMessage: 'Message',
  directMessage: 'Message',
  alias: 'Alias',
  song: 'Song',
};

/**
 * The report texts of a kind. The post's are the spec's ('Report Post', 'Post reported to administrators.',
 * 'Failed to report post.'); every other kind says the same with its own noun.
 */
export function reportTexts(kind: ReportKind) {
  const noun = NOUNS[kind];
  const lower = noun.toLowerCase();
  return {
    /** The dialog's title and the menu item's label. */
    title: `Report ${noun}`,
    /** The Report button's accessible name. */
    action: `Report ${lower}`,
    question: `Why are you reporting this ${lower}?`,
    success: `${noun} reported to administrators.`,
    failure: `Failed to report ${lower}.`,
  };
}
