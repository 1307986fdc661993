import type { EntityManager } from 'typeorm';
import { db } from '../../kernel/database';
import { displayNameOf, type NameParts } from '../users/user.rules';

/**
 * How one side of a conversation is shown to anyone but that side's own member: the chat's header, the archive
 * ("download my data") of the other side, the other side's webhooks. The one place where a side becomes data, so
 * every path treats a side with a persona (a dating alias) alike: its alias name and photo, never a member id,
 * real name or profile photo.
 */
export interface SideShown {
  /** The member, for a link to their profile; null when they appear under an alias. */
  memberId: string | null;
  name: string;
  photoUrl: string | null;
}

/** A conversation side as stored (conversation_members), with its member's profile when they have no persona. */
export interface StoredSide {
  memberId: string;
  personaName: string | null;
  personaPhotoUrl: string | null;
}

/** A side as others see it: the persona when it has one, else the member (their display name and photo). */
export function sideShown(
  side: StoredSide | undefined,
  member: (NameParts & { profileImageUrl?: string | null }) | null,
): SideShown {
  if (!side) return { memberId: null, name: 'User', photoUrl: null };
  if (side.personaName !== null) return { memberId: null, name: side.personaName, photoUrl: side.personaPhotoUrl };
  return {
    memberId: side.memberId,
    name: member ? displayNameOf(member) : 'User',
    photoUrl: member?.profileImageUrl ?? null,
  };
}

/** Both sides of each conversation, each with how others see it (one statement). */
export async function sidesShown(
  conversationIds: readonly string[],
  manager: Pick<EntityManager, 'query'> = db(),
): Promise<Map<string, Array<{ memberId: string; shown: SideShown }>>> {
  const out = new Map<string, Array<{ memberId: string; shown: SideShown }>>();
  if (!conversationIds.length) return out;
  const rows = (await manager.query(
    `SELECT cm.conversation_id, cm.member_id, cm.persona_name, cm.persona_photo_url,
            CASE WHEN cm.persona_name IS NULL THEN u.first_name END AS first_name,
            CASE WHEN cm.persona_name IS NULL THEN u.last_name END AS last_name,
            CASE WHEN cm.persona_name IS NULL THEN u.profile_image_url END AS profile_image_url
       FROM conversation_members cm JOIN users u ON u.id = cm.member_id
      WHERE cm.conversation_id = ANY($1::uuid[])`,
    [[...new Set(conversationIds)]],
  )) as Array<{
    conversation_id: string;
    member_id: string;
    persona_name: string | null;
    persona_photo_url: string | null;
    first_name: string | null;
    last_name: string | null;
    profile_image_url: string | null;
  }>;
  for (const r of rows) {
    const side = { memberId: r.member_id, personaName: r.persona_name, personaPhotoUrl: r.persona_photo_url };
    const shown = sideShown(side, {
      firstName: r.first_name,
      lastName: r.last_name,
      profileImageUrl: r.profile_image_url,
    });
    out.set(r.conversation_id, [...(out.get(r.conversation_id) ?? []), { memberId: r.member_id, shown }]);
  }
  return out;
}

/** The other side of a conversation as `viewerId` sees it (a side that is not theirs). */
export function otherSide(
  sides: Array<{ memberId: string; shown: SideShown }> | undefined,
  viewerId: string,
): SideShown {
  return sides?.find((s) => s.memberId !== viewerId)?.shown ?? sideShown(undefined, null);
}
