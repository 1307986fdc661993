import { db } from '../../kernel/database';
import { demoPhoto, type DemoPart } from '../../kernel/demo';
import { Comment } from '../comments/comment.entity';
import { Friendship, FriendshipStatus } from '../friends/friendship.entity';
import { Notification, NotificationType } from '../notifications/notification.entity';
import { Reaction, ReactionType } from '../reactions/reaction.entity';
import { DEMO_MEMBERS } from '../users/user.demo';
import { User } from '../users/user.entity';
import { Post, type PostImage } from './post.entity';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** Sample posts with photos and check-ins, reactions, comments and friendships between demo members. */
export const postsDemo: DemoPart = {
  name: 'posts',
  async load() {
    const byEmail = new Map<string, User>();
    for (const u of await db().getRepository(User).find()) if (u.email) byEmail.set(u.email, u);
    const m = DEMO_MEMBERS.map((d) => byEmail.get(d.email)!);
    const [thandi, pieter, lerato, sipho, annelie, ayesha, johan, naledi] = m;

    const photos = async (captions: string[], from: string, to: string): Promise<PostImage[]> =>
      Promise.all(captions.map((c) => demoPhoto(c, from, to)));

    const samples: Array<Partial<Post> & { authorId: string }> = [
      {
        authorId: pieter.id,
        content: 'Howzit everyone! Just landed in Perth. Where can I find proper boerewors around here?',
        createdAt: minutesAgo(600),
      },
      {
        authorId: lerato.id,
        content: 'Our Heritage Day braai in Toronto was lekker. Thanks to everyone who came!',
        images: await photos(['Heritage Day', 'The braai', 'Pap & wors'], '#006b3f', '#ffb612'),
        createdAt: minutesAgo(480),
      },
      {
        authorId: sipho.id,
        content: 'Checking in at Table Mountain with the family. Still the most beautiful view in the world.',
        location: 'Table Mountain, Cape Town',
        latitude: -33.9628,
        longitude: 18.4098,
        images: await photos(['Table Mountain'], '#1565c0', '#4fc3f7'),
        createdAt: minutesAgo(300),
      },
      {
        authorId: annelie.id,
        content: 'Found rusks at the corner shop in Auckland! Small victories. https://en.wikipedia.org/wiki/Rusk',
        createdAt: minutesAgo(200),
      },
      {
        authorId: ayesha.id,
        content: 'Penguins at Boulders Beach. A must when you are home for the holidays.',
        location: "Boulders Beach, Simon's Town",
        latitude: -34.1975,
        longitude: 18.4511,
        createdAt: minutesAgo(120),
      },
      {
        authorId: johan.id,
        content: 'Who is watching the Springboks this weekend? Looking for a pub in London showing the game.',
        createdAt: minutesAgo(60),
      },
      {
        authorId: naledi.id,
        content: 'Sunday market in Dubai had vetkoek. I nearly cried.',
        images: await photos(['Vetkoek', 'Sunday market'], '#a83232', '#ffb612'),
        createdAt: minutesAgo(30),
      },
      {
        authorId: thandi.id,
        content: 'Welcome to Saffa! Say hi and tell us where in the world you are.',
        createdAt: minutesAgo(10),
      },
    ];
    const posts = [];
    for (const s of samples)
      posts.push(
        await db()
          .getRepository(Post)
          .save(
            db()
              .getRepository(Post)
              .create({ images: [], ...s }),
          ),
      );

    const react = (post: Post, user: User, reactionType: ReactionType) =>
      db().getRepository(Reaction).insert({ postId: post.id, memberId: user.id, reactionType });
    await react(posts[1], thandi, ReactionType.lekker);
    await react(posts[1], sipho, ReactionType.lekker);
    await react(posts[1], ayesha, ReactionType.care);
    await react(posts[2], pieter, ReactionType.lekker);
    await react(posts[2], lerato, ReactionType.shocked);
    await react(posts[5], annelie, ReactionType.lekker);
    await react(posts[6], johan, ReactionType.sad);
    const comment = (post: Post, user: User, text: string, ago: number) =>
      db()
        .getRepository(Comment)
        .insert({ postId: post.id, authorId: user.id, text, createdAt: minutesAgo(ago) });
    await comment(posts[0], johan, 'Try the South African shop in Osborne Park!', 590);
    await comment(posts[0], thandi, 'Welcome to Perth, Pieter!', 580);
    await comment(posts[2], lerato, 'Miss it so much. Enjoy!', 290);
    await comment(posts[5], pieter, 'The Springbok Bar in Earls Court, always packed.', 50);

    const friends = async (a: User, b: User, status = FriendshipStatus.accepted, requester = a) => {
      const [low, high] = a.id < b.id ? [a, b] : [b, a];
      await db()
        .getRepository(Friendship)
        .insert({
          userLowId: low.id,
          userHighId: high.id,
          requesterId: requester.id,
          status,
          acceptedAt: status === FriendshipStatus.accepted ? new Date() : null,
        });
    };
    await friends(thandi, pieter);
    await friends(thandi, lerato);
    await friends(thandi, sipho);
    await friends(pieter, annelie);
    await friends(pieter, johan);
    await friends(lerato, ayesha);
    await friends(lerato, sipho);
    await friends(naledi, thandi, FriendshipStatus.pending, naledi);

    // What the demo member finds in the bell on first sign-in.
    await db()
      .getRepository(Notification)
      .insert([
        {
          recipientId: thandi.id,
          actorId: naledi.id,
          title: 'Friend request',
          message: `${naledi.displayName} sent you a friend request.`,
          link: '/profile',
          createdAt: minutesAgo(25),
        },
        {
          recipientId: thandi.id,
          title: 'Welcome to Saffa',
          message: 'Find friends, share a check-in and enable the features you like in your profile.',
          type: NotificationType.success,
          createdAt: minutesAgo(5),
        },
      ]);
  },
};
