// A mocked reportContent call for web unit tests: the kind, subject and reason it must carry (any idempotency key).
import type { MockLink } from '@apollo/client/testing';
import type { ReportKind, ReportReason } from '../gql/graphql';
import { ReportContentDocument } from '../ui/report.generated';

type Answer =
  | { data: { reportContent: { __typename: 'Report'; id: string } } }
  | { errors: Array<{ message: string; extensions?: { code: string } }> };

export function reportContentMock(
  kind: ReportKind,
  subjectId: string,
  reason: ReportReason,
  answer: Answer | (() => Answer) = { data: { reportContent: { __typename: 'Report', id: 'report-1' } } },
): MockLink.MockedResponse {
  return {
    request: {
      query: ReportContentDocument,
      variables: (v: Record<string, unknown>) =>
        v.kind === kind && v.subjectId === subjectId && v.reason === reason && typeof v.idempotencyKey === 'string',
    },
    result: answer,
  } as MockLink.MockedResponse;
}

/** The CONFLICT the server answers to a second report of the same item. */
export const ALREADY_REPORTED = {
  errors: [{ message: 'You have already reported this.', extensions: { code: 'CONFLICT' } }],
};
