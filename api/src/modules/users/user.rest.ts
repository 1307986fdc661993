import { restTable } from '../../rest/route';
import { USER_FIELDS } from './user.fields';

export const userRest = restTable([
  {
    method: 'POST',
    path: '/api/user/tutorial',
    operation:
      `mutation UpdateTutorial($tutorialStep: Int, $tutorialCompleted: Boolean) { ` +
      `updateTutorial(tutorialStep: $tutorialStep, tutorialCompleted: $tutorialCompleted) { ${USER_FIELDS} } }`,
    body: { tutorialStep: 'number?', tutorialCompleted: 'boolean?' },
    variables: ({ body }) => ({
      tutorialStep: body.tutorialStep ?? null,
      tutorialCompleted: body.tutorialCompleted ?? null,
    }),
  },
]);
