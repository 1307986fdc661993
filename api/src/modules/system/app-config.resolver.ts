import { Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { settings } from '../../kernel/settings';
import { DOCUMENT_TYPES, UPLOAD_LIMITS } from '../../kernel/upload';
import { googleEnabled, facebookEnabled } from '../auth/oauth';
import { MAX_IMAGES } from '../posts/post.service';
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

  @Field(() => [String], { description: 'File name extensions of the documents accepted (PDF, Word, Excel, PowerPoint), without the dot' })
  documentExtensions: string[];

  @Field(() => [String], { description: 'MIME types of the documents accepted, in the order of documentExtensions' })
  documentMimeTypes: string[];
}

@ObjectType({ description: 'A reason a member may give when reporting a post, with its label' })
export class ReportReasonOption {
  @Field(() => ReportReason)
  value: ReportReason;

  @Field(() => String, { description: 'The text the report dialog shows' })
  label: string;
}

@ObjectType({ description: 'What the client needs to know of this installation: enabled integrations, limits and option lists' })
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
  @Query(() => AppConfig)
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
    };
  }
}
