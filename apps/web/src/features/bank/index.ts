/** The bank feature's face: the practice viewer, which plays a video's explained question on /video. */
export { PracticeViewer, type PracticeList } from './practice-viewer';
