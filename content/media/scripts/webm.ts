/**
 * A minimal WebM (Matroska) writer for one VP8 video track: EBML header, SeekHead, Info with Duration, Tracks,
 * one Cluster per key frame and Cues pointing at them, so players know the length at once and seek with range
 * requests. Only what the media build needs; positions are fixed-width so the layout is computed in one pass.
 */

export interface EncodedFrame {
  /** Microseconds from the start. */
  timestampUs: number;
  key: boolean;
  data: Uint8Array;
}

export interface WebmTrack {
  width: number;
  height: number;
  /** Nanoseconds per frame (DefaultDuration). */
  frameDurationNs: number;
  /** Total length in milliseconds. */
  durationMs: number;
}

const ID = {
  EBML: [0x1a, 0x45, 0xdf, 0xa3],
  EBMLVersion: [0x42, 0x86],
  EBMLReadVersion: [0x42, 0xf7],
  EBMLMaxIDLength: [0x42, 0xf2],
  EBMLMaxSizeLength: [0x42, 0xf3],
  DocType: [0x42, 0x82],
  DocTypeVersion: [0x42, 0x87],
  DocTypeReadVersion: [0x42, 0x85],
  Segment: [0x18, 0x53, 0x80, 0x67],
  SeekHead: [0x11, 0x4d, 0x9b, 0x74],
  Seek: [0x4d, 0xbb],
  SeekID: [0x53, 0xab],
  SeekPosition: [0x53, 0xac],
  Info: [0x15, 0x49, 0xa9, 0x66],
  TimestampScale: [0x2a, 0xd7, 0xb1],
  Duration: [0x44, 0x89],
  MuxingApp: [0x4d, 0x80],
  WritingApp: [0x57, 0x41],
  Tracks: [0x16, 0x54, 0xae, 0x6b],
  TrackEntry: [0xae],
  TrackNumber: [0xd7],
  TrackUID: [0x73, 0xc5],
  TrackType: [0x83],
  FlagLacing: [0x9c],
  DefaultDuration: [0x23, 0xe3, 0x83],
  CodecID: [0x86],
  Video: [0xe0],
  PixelWidth: [0xb0],
  PixelHeight: [0xba],
  Cluster: [0x1f, 0x43, 0xb6, 0x75],
  Timestamp: [0xe7],
  SimpleBlock: [0xa3],
  Cues: [0x1c, 0x53, 0xbb, 0x6b],
  CuePoint: [0xbb],
  CueTime: [0xb3],
  CueTrackPositions: [0xb7],
  CueTrack: [0xf7],
  CueClusterPosition: [0xf1],
} as const;

type Bytes = Uint8Array;

function concat(parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** An element size as an EBML variable-length integer (1–8 bytes). */
function vsize(n: number): Bytes {
  for (let len = 1; len <= 8; len++) {
    if (n < 2 ** (7 * len) - 1) {
      const out = new Uint8Array(len);
      let v = n;
      for (let i = len - 1; i >= 0; i--) {
        out[i] = v % 256;
        v = Math.floor(v / 256);
      }
      out[0]! |= 1 << (8 - len);
      return out;
    }
  }
  throw new Error(`element too large: ${n}`);
}

function uint(n: number, width?: number): Bytes {
  const bytes: number[] = [];
  let v = n;
  do {
    bytes.unshift(v % 256);
    v = Math.floor(v / 256);
  } while (v > 0);
  while (width !== undefined && bytes.length < width) bytes.unshift(0);
  return Uint8Array.from(bytes);
}

function el(id: readonly number[], body: Bytes | Bytes[]): Bytes {
  const data = Array.isArray(body) ? concat(body) : body;
  return concat([Uint8Array.from(id), vsize(data.length), data]);
}

const u = (id: readonly number[], n: number, width?: number) => el(id, uint(n, width));
const s = (id: readonly number[], text: string) => el(id, new TextEncoder().encode(text));
function f64(id: readonly number[], n: number): Bytes {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, n);
  return el(id, b);
}

/** Positions are written 8 bytes wide, so an element's size does not depend on where things land. */
const POS = 8;

function simpleBlock(frame: EncodedFrame, relativeMs: number): Bytes {
  const head = new Uint8Array(4);
  head[0] = 0x81; // track 1 as a 1-byte vint
  new DataView(head.buffer).setInt16(1, relativeMs);
  head[3] = frame.key ? 0x80 : 0x00;
  return el(ID.SimpleBlock, [head, frame.data]);
}

/** The file: frames in presentation order, the first a key frame. */
export function muxWebm(track: WebmTrack, frames: EncodedFrame[]): Bytes {
  if (!frames[0]?.key) throw new Error('the first frame must be a key frame');
  const header = el(ID.EBML, [
    u(ID.EBMLVersion, 1),
    u(ID.EBMLReadVersion, 1),
    u(ID.EBMLMaxIDLength, 4),
    u(ID.EBMLMaxSizeLength, 8),
    s(ID.DocType, 'webm'),
    u(ID.DocTypeVersion, 2),
    u(ID.DocTypeReadVersion, 2),
  ]);
  const info = el(ID.Info, [u(ID.TimestampScale, 1_000_000), f64(ID.Duration, track.durationMs), s(ID.MuxingApp, 'gre-media'), s(ID.WritingApp, 'gre-media')]);
  const tracks = el(ID.Tracks, [
    el(ID.TrackEntry, [
      u(ID.TrackNumber, 1),
      u(ID.TrackUID, 1),
      u(ID.TrackType, 1),
      u(ID.FlagLacing, 0),
      u(ID.DefaultDuration, track.frameDurationNs),
      s(ID.CodecID, 'V_VP8'),
      el(ID.Video, [u(ID.PixelWidth, track.width), u(ID.PixelHeight, track.height)]),
    ]),
  ]);

  // A new cluster at every key frame keeps block offsets within int16 milliseconds and gives each cue a cluster.
  const clusters: { timeMs: number; bytes: Bytes }[] = [];
  let current: { timeMs: number; blocks: Bytes[] } | null = null;
  const close = () => current && clusters.push({ timeMs: current.timeMs, bytes: el(ID.Cluster, [u(ID.Timestamp, current.timeMs), ...current.blocks]) });
  for (const frame of frames) {
    const ms = Math.round(frame.timestampUs / 1000);
    if (frame.key || !current || ms - current.timeMs > 30_000) {
      close();
      current = { timeMs: ms, blocks: [] };
    }
    current.blocks.push(simpleBlock(frame, ms - current.timeMs));
  }
  close();

  const seekEntry = (id: readonly number[], pos: number) => el(ID.Seek, [el(ID.SeekID, Uint8Array.from(id)), u(ID.SeekPosition, pos, POS)]);
  const seekHeadSize = (positions: number[]) => el(ID.SeekHead, [seekEntry(ID.Info, positions[0]!), seekEntry(ID.Tracks, positions[1]!), seekEntry(ID.Cues, positions[2]!)]).length;
  const headSize = seekHeadSize([0, 0, 0]);
  const infoAt = headSize;
  const tracksAt = infoAt + info.length;
  let at = tracksAt + tracks.length;
  const clusterAt = clusters.map((c) => {
    const pos = at;
    at += c.bytes.length;
    return pos;
  });
  const cuesAt = at;
  const cues = el(
    ID.Cues,
    clusters.map((c, i) => el(ID.CuePoint, [u(ID.CueTime, c.timeMs), el(ID.CueTrackPositions, [u(ID.CueTrack, 1), u(ID.CueClusterPosition, clusterAt[i]!, POS)])])),
  );
  const seekHead = el(ID.SeekHead, [seekEntry(ID.Info, infoAt), seekEntry(ID.Tracks, tracksAt), seekEntry(ID.Cues, cuesAt)]);
  const segment = el(ID.Segment, [seekHead, info, tracks, ...clusters.map((c) => c.bytes), cues]);
  return concat([header, segment]);
}
