import { Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { settings } from '../../kernel/settings';
import { DOCUMENT_TYPES, UPLOAD_LIMITS } from '../../kernel/upload';
import { googleEnabled, facebookEnabled } from '../auth/oauth';
import {
  DEFAULT_RADIUS_KM,
  MAX_AGE,
  MAX_PHOTOS as MAX_DATING_PHOTOS,
  MAX_RADIUS_KM,
  MIN_AGE,
  MIN_RADIUS_KM,
  RADIUS_STEP_KM,
} from '../dating/dating.options';
import { MAX_MESSAGE_LENGTH } from '../messages/message.service';
import { MAX_IMAGES } from '../posts/post.service';
import { RADAR_DEFAULT_RADIUS_KM, RADAR_RADII_KM } from '../radar/radar.rules';
import { MAX_RECIPE_PHOTOS } from '../recipes/recipe.service';
import { REPORT_REASON_LABELS, ReportReason } from '../reports/report.entity';

@ObjectType({ description: 'The upload limits the server enforces; clients check them first only to answer faster' })
export class UploadLimits {
  @Field(() => Int, { description: 'Largest image (post or check-in photo), in bytes' })
  imageMaxBytes: number;

  @Field(() => Int, { description: 'Largest video, in bytes' })
  videoMaxBytes: number;

  @Field(() => Int, { description: 'Largest document, in bytes' })
  documentMaxBytes: number;

  @Field(() => Int, { description: 'Most photos in one post, a check-in photo included' })
  postMaxImages: number;

  @Field(() => Int, { description: 'Most photos of one recipe' })
  recipeMaxImages: number;

  @Field(() => [String], {
    description: 'File name extensions of the documents accepted (PDF, Word, Excel, PowerPoint), without the dot',
  })
  documentExtensions: string[];

  @Field(() => [String], { description: 'MIME types of the documents accepted, in the order of documentExtensions' })
  documentMimeTypes: string[];
}

@ObjectType({ description: 'The limits of a dating alias the server checks it against, for the alias form' })
export class DatingLimits {
  @Field(() => Int, { description: 'Youngest age of an alias and of its age range' })
  minAge: number;

  @Field(() => Int, { description: 'Oldest age of an alias and of its age range' })
  maxAge: number;

  @Field(() => Int, { description: 'Smallest search radius, in km' })
  minRadiusKm: number;

  @Field(() => Int, { description: 'Largest search radius, in km' })
  maxRadiusKm: number;

  @Field(() => Int, { description: 'The radius is a multiple of this many km' })
  radiusStepKm: number;

  @Field(() => Int, { description: 'The radius a new alias starts with, in km' })
  defaultRadiusKm: number;

  @Field(() => Int, { description: 'Most photos of one alias' })
  maxPhotos: number;
}

@ObjectType({ description: 'The radar search radii the server accepts, for the radar screen' })
export class RadarOptions {
  @Field(() => [Int], { description: 'The search radius options in km, smallest first (1, 5, 10, 25, 50, 100)' })
  radiiKm: number[];

  @Field(() => Int, { description: 'The radius a search uses when none is chosen, in km (50)' })
  defaultRadiusKm: number;
}

@ObjectType({ description: 'A reason a member may give when reporting a post, with its label' })
export class ReportReasonOption {
  @Field(() => ReportReason)
  value: ReportReason;

  @Field(() => String, { description: 'The text the report dialog shows' })
  label: string;
}

@ObjectType({
  description: 'What the client needs to know of this installation: enabled integrations, limits and option lists',
})
export class AppConfig {
  @Field(() => Boolean, { description: 'Sign in with Google (OpenID Connect) is configured' })
  googleEnabled: boolean;

  @Field(() => Boolean, { description: 'Sign in with Facebook is configured' })
  facebookEnabled: boolean;

  @Field(() => Int, { description: 'Shortest password accepted at sign-up and reset' })
  passwordMinLength: number;

  @Field(() => UploadLimits, { description: 'Upload limits, the same the server checks uploads against' })
  uploads: UploadLimits;

  @Field(() => [ReportReasonOption], { description: 'The report reasons in the order the report dialog lists them' })
  reportReasons: ReportReasonOption[];

  @Field(() => DatingLimits, { description: 'Dating alias limits, the same the server checks aliases against' })
  dating: DatingLimits;

  @Field(() => RadarOptions, { description: 'The radar search radii, the same the server checks searches against' })
  radar: RadarOptions;

  @Field(() => Int, { description: 'Most characters of one chat message (direct messages and group chats)' })
  chatMessageMaxLength: number;
}

/** The upload limits, read from the constants the upload checks use. */
export function uploadLimits(): UploadLimits {
  return {
    imageMaxBytes: UPLOAD_LIMITS.image,
    videoMaxBytes: UPLOAD_LIMITS.video,
    documentMaxBytes: UPLOAD_LIMITS.document,
    postMaxImages: MAX_IMAGES,
    recipeMaxImages: MAX_RECIPE_PHOTOS,
    documentExtensions: Object.keys(DOCUMENT_TYPES),
    documentMimeTypes: Object.values(DOCUMENT_TYPES),
  };
}

@Resolver()
export class AppConfigResolver {
  @Query(() => AppConfig, {
    description: 'What this server offers (sign-in providers and other switches); no sign-in needed',
  })
  appConfig(): AppConfig {
    return {
      googleEnabled: googleEnabled(),
      facebookEnabled: facebookEnabled(),
      passwordMinLength: settings().passwordMinLength,
      uploads: uploadLimits(),
      reportReasons: (Object.keys(REPORT_REASON_LABELS) as ReportReason[]).map((value) => ({
        value,
        label: REPORT_REASON_LABELS[value],
      })),
      dating: {
        minAge: MIN_AGE,
        maxAge: MAX_AGE,
        minRadiusKm: MIN_RADIUS_KM,
        maxRadiusKm: MAX_RADIUS_KM,
        radiusStepKm: RADIUS_STEP_KM,
        defaultRadiusKm: DEFAULT_RADIUS_KM,
        maxPhotos: MAX_DATING_PHOTOS,
      },
      radar: { radiiKm: [...RADAR_RADII_KM], defaultRadiusKm: RADAR_DEFAULT_RADIUS_KM },
      chatMessageMaxLength: MAX_MESSAGE_LENGTH,
    };
  }
}
