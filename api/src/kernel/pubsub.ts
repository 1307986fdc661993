import { createPubSub } from '@graphql-yoga/subscription';

/** The process's pub/sub for GraphQL subscriptions (in-process; see ARCHITECTURE.md "Real-time"). */
export const pubSub = createPubSub();
