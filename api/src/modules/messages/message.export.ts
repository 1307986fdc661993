import { otherSide, sideShown, sidesShown } from './conversation-sides';

type Row = Record<string, unknown>;

/**
 * The member's messages as their data archive carries them: each with `mine` and its `sender` as the chat shows
 * them (conversation-sides.ts), never the other side's member id: in a dating conversation the sender is an alias.
 */
export async function messagesForArchive(rows: Row[], memberId: string): Promise<Row[]> {
  const sides = await sidesShown(rows.map((r) => r.conversation_id as string));
  return rows.map((r) => ({
    ...r,
    mine: r.sender_id === memberId,
    sender:
      sides.get(r.conversation_id as string)?.find((s) => s.memberId === r.sender_id)?.shown ??
      sideShown(undefined, null),
  }));
}

/** The member's conversations as their archive carries them: `me` and `peer` as the chat shows the two sides. */
export async function conversationsForArchive(rows: Row[], memberId: string): Promise<Row[]> {
  const sides = await sidesShown(rows.map((r) => r.id as string));
  return rows.map((r) => ({
    ...r,
    me: sides.get(r.id as string)?.find((s) => s.memberId === memberId)?.shown ?? sideShown(undefined, null),
    peer: otherSide(sides.get(r.id as string), memberId),
  }));
}
