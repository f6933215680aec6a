import { mediaCalls, videoIdSchema, type CallResponse } from '@gre/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, call } from '../../api/client';
import { queryClient, reportError } from '../../api/query-client';

/** The media query keys; one `media` prefix so a refresh after an upgrade covers all of them. */
export const mediaKeys = {
  materials: ['media', 'materials'] as const,
  videos: ['media', 'videos'] as const,
  video: (id: string) => ['media', 'video', id] as const,
};

export const materialListQuery = queryOptions({
  queryKey: mediaKeys.materials,
  queryFn: () => call(mediaCalls.materialList, {}),
  staleTime: 60_000,
});

export const videoListQuery = queryOptions({
  queryKey: mediaKeys.videos,
  queryFn: () => call(mediaCalls.videoList, {}),
  staleTime: 60_000,
});

/** The signed stream address lasts hours; ten minutes of cache keeps going back and forth cheap and safe. */
export const videoQuery = (id: string) =>
  queryOptions({
    queryKey: mediaKeys.video(id),
    queryFn: () => call(mediaCalls.videoGet, { id }),
    staleTime: 10 * 60_000,
    meta: { handlesErrors: true },
  });

export type VideoData = CallResponse<typeof mediaCalls.videoGet>;

/** What the video route hands its page: the video, or why there is none (each shown in the page, not as a crash). */
export type VideoLoaderData =
  | { state: 'ok'; video: VideoData }
  | { state: 'not_found' }
  | { state: 'limit'; minRole: string | null }
  | { state: 'in_exam' }
  | { state: 'failed' };

/**
 * Spec §2: video/{videoID} loads before display. Unknown ids show the page's "not found"; `limit` also opens the
 * upgrade dialog through the error catalogue; `forbidden` is the explained question being in an exam the learner is
 * taking (decision 013), which the page says; anything else is reported there too and offers a retry.
 */
export async function videoLoader({ params }: LoaderFunctionArgs): Promise<VideoLoaderData> {
  const id = params.videoID ?? '';
  if (!videoIdSchema.safeParse(id).success) return { state: 'not_found' };
  try {
    return { state: 'ok', video: await queryClient.ensureQueryData(videoQuery(id)) };
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'not_found') return { state: 'not_found' };
    if (err instanceof ApiError && err.kind === 'forbidden') return { state: 'in_exam' };
    reportError(err);
    if (err instanceof ApiError && err.kind === 'limit') {
      const listed = queryClient.getQueryData(videoListQuery.queryKey)?.videos.find((v) => v.id === id);
      return { state: 'limit', minRole: listed?.min_role ?? null };
    }
    return { state: 'failed' };
  }
}
