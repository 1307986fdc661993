import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { User } from '../users/user.entity';
import * as service from './noot.service';
import { NootPlaylist } from './noot-playlist.entity';
import { NootSong } from './noot-song.entity';
import { nootPolicy } from './noot.policy';

@ObjectType()
export class NootMonthlyLikes {
  @Field(() => Int, { description: 'Likes the viewer may still give this calendar month' })
  likesRemaining: number;

  @Field(() => Int, { description: 'NOOT_MONTHLY_LIKES: likes per member per calendar month' })
  limit: number;
}

@ObjectType({ description: 'A page of NootSong items; `pageInfo` leads to the next' })
export class NootSongConnection extends ConnectionType(NootSong, 'NootSong') {}

@InputType()
export class CreateNootPlaylistInput implements service.PlaylistDraft {
  @Field(() => String, { nullable: true, description: 'Required' })
  name?: string | null;

  @Field(() => Int, { nullable: true, description: '1 to 12' })
  month?: number | null;

  @Field(() => Int, { nullable: true, description: '2020 or later (the form offers this year and the next nine)' })
  year?: number | null;
}

@InputType()
export class UploadNootSongInput implements service.SongDraft {
  @Field(() => ID, { nullable: true })
  playlistId?: string | null;

  @Field(() => String, { nullable: true, description: 'Required' })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'Required' })
  artist?: string | null;

  @Field(() => String, { nullable: true })
  album?: string | null;

  @Field(() => String, { nullable: true, description: 'The cover image as a data URL (5 MB; 500x500 suggested)' })
  coverImage?: string | null;

  @Field(() => String, { nullable: true, description: 'The mp3 as a data URL (20 MB); checked by its bytes' })
  songFile?: string | null;
}

@Resolver(() => NootPlaylist)
export class NootPlaylistResolver {
  @Authorized()
  @Query(() => NootPlaylist, {
    nullable: true,
    description: "This calendar month's playlist, or null when none was created",
  })
  nootActivePlaylist(@Ctx() ctx: Context) {
    return service.activePlaylist(ctx.viewer);
  }

  @Authorized()
  @Query(() => [NootSong], {
    description:
      "A playlist's chart (at most 100): most liked, then most played; pending songs for admins and their uploader",
  })
  nootSongs(@Arg('playlistId', () => ID) playlistId: string, @Ctx() ctx: Context) {
    return service.chart(ctx.viewer, playlistId);
  }

  @Authorized()
  @Query(() => NootSong, {
    nullable: true,
    description:
      'One song of any playlist as the chart would show it (a link to it, the moderation queue\'s "View where it is ' +
      'shown"); null when gone or hidden from the viewer',
  })
  nootSong(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.songOrNull(ctx.viewer, id);
  }

  @Authorized()
  @Query(() => [ID], { description: 'The ids of the songs of a playlist the viewer likes' })
  nootLikedSongIds(@Arg('playlistId', () => ID) playlistId: string, @Ctx() ctx: Context) {
    return service.likedSongIds(ctx.viewer, playlistId);
  }

  @Authorized()
  @Query(() => NootMonthlyLikes, {
    description: "The viewer's song likes this month: how many are left of the monthly allowance",
  })
  nootMonthlyLikes(@Ctx() ctx: Context) {
    return service.monthlyLikes(ctx.viewer);
  }

  @FieldResolver(() => [NootSong], { description: 'The chart, as nootSongs answers it' })
  songs(@Root() playlist: NootPlaylist, @Ctx() ctx: Context) {
    return service.chart(ctx.viewer, playlist.id);
  }

  @FieldResolver(() => [ID], { description: 'The songs of this playlist the viewer likes' })
  likedSongIds(@Root() playlist: NootPlaylist, @Ctx() ctx: Context) {
    return service.likedSongIds(ctx.viewer, playlist.id);
  }

  @Authorized()
  @Mutation(() => NootPlaylist, { description: 'Creates a monthly playlist (admins; one per month)' })
  createNootPlaylist(@Arg('input', () => CreateNootPlaylistInput) input: CreateNootPlaylistInput, @Ctx() ctx: Context) {
    return service.createPlaylist(ctx.viewer, input);
  }
}

@Resolver(() => NootSong)
export class NootSongResolver {
  @Authorized()
  @Mutation(() => NootSong, {
    description: "Uploads a song: an admin's is published at once, a member's waits for approval",
  })
  uploadNootSong(@Arg('input', () => UploadNootSongInput) input: UploadNootSongInput, @Ctx() ctx: Context) {
    return service.uploadSong(ctx.viewer, input);
  }

  @Authorized()
  @Query(() => NootSongConnection, { description: 'Admins only: the pending uploads of every playlist, oldest first' })
  nootPendingSongs(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.pendingSongs(ctx.viewer, args);
  }

  @Authorized()
  @Mutation(() => NootSong, {
    description: 'Approves a pending song (admins; audited). An approved song is answered as it is',
  })
  approveNootSong(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.approveSong(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => ID, {
    description:
      'Rejects a pending song (admins; audited): removed with its files, the uploader is told; answers its id',
  })
  rejectNootSong(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.rejectSong(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => NootSong, { description: 'Playback started: the play count rises by one' })
  playNootSong(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.playSong(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => NootSong, {
    description: 'Likes an approved song (once per member; at most NOOT_MONTHLY_LIKES a month)',
  })
  likeNootSong(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.likeSong(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => NootSong, { description: "Takes the viewer's like back" })
  unlikeNootSong(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.unlikeSong(ctx.viewer, id);
  }

  @FieldResolver(() => Boolean, { description: 'The viewer uploaded it' })
  viewerIsUploader(@Root() song: NootSong, @Ctx() ctx: Context) {
    return ctx.viewer?.id === song.uploaderId;
  }

  @FieldResolver(() => User, {
    nullable: true,
    description: 'The member who uploaded it: for admins and the uploader (null for others)',
  })
  uploader(@Root() song: NootSong, @Ctx() ctx: Context) {
    if (!nootPolicy.canSeeUploader(ctx.viewer, song)) return null;
    return ctx.loaders.users.byId.load(song.uploaderId);
  }

  @FieldResolver(() => NootPlaylist, { nullable: true, description: 'The playlist it belongs to' })
  playlist(@Root() song: NootSong, @Ctx() ctx: Context) {
    return ctx.loaders.noot.playlistById.load(song.playlistId);
  }
}
