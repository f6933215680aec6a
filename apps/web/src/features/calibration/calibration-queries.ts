import { calibrationCalls, type CallRequest } from '@gre/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { saveJson } from '../../components/save-file';

export interface CalibrationFilter {
  disagreeOnly: boolean;
  kind: CallRequest<typeof calibrationCalls.list>['kind'];
  page: number;
}

export const CALIBRATION_PAGE_SIZE = 20;

export const calibrationKeys = {
  all: ['calibration'] as const,
  list: (f: CalibrationFilter) => ['calibration', 'list', f] as const,
};

export const calibrationListQuery = (f: CalibrationFilter) =>
  queryOptions({
    queryKey: calibrationKeys.list(f),
    queryFn: () =>
      call(
        calibrationCalls.list,
        {
          disagree_only: f.disagreeOnly,
          kind: f.kind,
          page: f.page,
          page_size: CALIBRATION_PAGE_SIZE,
        },
        { quiet: true },
      ),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });

/** Runs the fit now; every calibration list reads again. */
export function useRunCalibration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(calibrationCalls.run, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: calibrationKeys.all }),
  });
}

/** The decided difficulties as content/calibration.json, for rebuilding the mocks (docs/calibration.md). */
export function useExportCalibration() {
  return useMutation({
    mutationFn: async () => {
      const file = await call(calibrationCalls.export, {});
      saveJson(file, 'calibration.json');
      return file.items.length;
    },
  });
}
