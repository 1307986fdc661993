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
import { Reel } from './reel.entity';
import { reelPolicy } from './reel.policy';
import * as service from './reel.service';

@ObjectType({ description: 'A page of Reel items; `pageInfo` leads to the next' })
export class ReelConnection extends ConnectionType(Reel, 'Reel') {}

@InputType()
export class UploadReelInput implements service.ReelDraft {
  @Field(() => String, { nullable: true, description: 'Required; blank after trimming is refused' })
  title?: string | null;

  @Field(() => String, { nullable: true })
  caption?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The video (MP4, MOV, WebM; 50 MB, 30 s) or image (5 MB) as a data URL',
  })
  file?: string | null;
}

@Resolver(() => Reel)
export class ReelResolver {
  @Authorized()
  @Query(() => ReelConnection, { description: 'Reels, newest first' })
  reels(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.listReels(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => Reel, {
    nullable: true,
    description:
      'One reel (a /reels?id= link), or null when there is none or its author is hidden from the viewer (blocked, ' +
      'suspended)',
  })
  reel(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.reelOrNull(ctx.viewer, id);
  }

  @Authorized()
  @Query(() => ReelConnection, { description: "One member's reels, newest first" })
  reelsBy(@Arg('authorId', () => ID) authorId: string, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.listReels(ctx.viewer, args, authorId);
  }

  @Authorized()
  @Mutation(() => Reel, { description: 'Publishes a reel (a short video with a caption); answers the new reel' })
  uploadReel(@Arg('input', () => UploadReelInput) input: UploadReelInput, @Ctx() ctx: Context) {
    return service.uploadReel(ctx.viewer, input);
  }

  @Authorized()
  @Mutation(() => Reel, { description: 'Likes a reel (once per member)' })
  likeReel(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.likeReel(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => Reel, { description: "Takes the viewer's like of a reel back" })
  unlikeReel(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.unlikeReel(ctx.viewer, id);
  }

  @Authorized()
  @Mutation(() => ID, { description: 'Deletes a reel (its author only); answers its id' })
  async deleteReel(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await service.deleteReel(ctx.viewer, id);
    return id;
  }

  @FieldResolver(() => User, { description: 'The member who published it' })
  author(@Root() reel: Reel, @Ctx() ctx: Context) {
    return ctx.loaders.users.byId.load(reel.authorId);
  }

  @FieldResolver(() => Int, { description: 'How many members like it' })
  async likeCount(@Root() reel: Reel, @Ctx() ctx: Context) {
    return (await ctx.loaders.reelFacts.load(reel.id)).likeCount;
  }

  @FieldResolver(() => Boolean, { description: 'Whether the viewer likes it' })
  async viewerLiked(@Root() reel: Reel, @Ctx() ctx: Context) {
    return (await ctx.loaders.reelFacts.load(reel.id)).viewerLiked;
  }

  @FieldResolver(() => Boolean, { description: 'The viewer uploaded it and may delete it' })
  viewerCanDelete(@Root() reel: Reel, @Ctx() ctx: Context) {
    return reelPolicy.canDelete(ctx.viewer, reel);
  }
}
