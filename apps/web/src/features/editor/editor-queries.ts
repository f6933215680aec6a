import { editorCalls, type CallRequest, type DraftBody } from '@gre/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { saveJson } from '../../components/save-file';

export const EDITOR_PAGE_SIZE = 20;

export const editorKeys = {
  all: ['editor'] as const,
  list: (filter: CallRequest<typeof editorCalls.find>) => ['editor', 'list', filter] as const,
  history: (id: string) => ['editor', 'history', id] as const,
  passages: (query: string) => ['editor', 'passages', query] as const,
};

export const listQuery = (filter: CallRequest<typeof editorCalls.find>) =>
  queryOptions({
    queryKey: editorKeys.list(filter),
    queryFn: () => call(editorCalls.find, filter, { quiet: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const historyQuery = (id: string) =>
  queryOptions({
    queryKey: editorKeys.history(id),
    queryFn: () => call(editorCalls.history, { question_id: id }, { quiet: true }),
    staleTime: 0,
  });

export const passagesQuery = (query: string) =>
  queryOptions({
    queryKey: editorKeys.passages(query),
    queryFn: () => call(editorCalls.passages, { query }, { quiet: true }),
    staleTime: 30_000,
  });

/** What the editor holds of the question open in it, besides the body being typed. */
export interface EditorTarget {
  questionId: string | null;
  draftId: number | null;
  /** The revision the edit started from (0: never published from the editor). */
  revision: number;
}

export function useSaveDraft() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: EditorTarget; body: DraftBody }) =>
      call(editorCalls.saveDraft, {
        body,
        base_revision: target.revision,
        ...(target.draftId !== null ? { draft_id: target.draftId } : {}),
        ...(target.questionId !== null ? { question_id: target.questionId } : {}),
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['editor', 'list'] }),
  });
}

export function usePublish() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: EditorTarget; body: DraftBody }) =>
      call(editorCalls.publish, {
        body,
        base_revision: target.revision,
        ...(target.draftId !== null ? { draft_id: target.draftId } : {}),
        ...(target.questionId !== null ? { question_id: target.questionId } : {}),
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: editorKeys.all }),
  });
}

export function useDiscardDraft() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (draftId: number) => call(editorCalls.discardDraft, { draft_id: draftId }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['editor', 'list'] }),
  });
}

/** Asks the server for the content file and hands it to the browser as a download. */
export async function downloadExport(request: CallRequest<typeof editorCalls.export>): Promise<string> {
  const { file_name, passages, questions } = await call(editorCalls.export, request);
  saveJson({ passages, questions }, file_name);
  return file_name;
}
