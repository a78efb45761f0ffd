// OpenCV's WebAssembly build, initialised once per thread (about a second of compiling: the pool's
// workers pay it when they start, never per photo). Its ArUco classes are missing from the
// package's typings, so the few this module uses are declared here.
import { createRequire } from 'node:module';
import type * as OpenCv from '@techstark/opencv-js';
import type { Mat, MatVector } from '@techstark/opencv-js';

type CvBase = typeof OpenCv;

export interface ArucoDictionary {
  generateImageMarker(id: number, sidePixels: number, img: Mat, borderBits: number): void;
  delete(): void;
}
export interface ArucoDetectorParameters {
  cornerRefinementMethod: number;
  adaptiveThreshWinSizeMin: number;
  adaptiveThreshWinSizeMax: number;
  adaptiveThreshWinSizeStep: number;
  minMarkerPerimeterRate: number;
  polygonalApproxAccuracyRate: number;
  delete(): void;
}
export interface ArucoDetector {
  detectMarkers(image: Mat, corners: MatVector, ids: Mat, rejected: MatVector): void;
  delete(): void;
}

export type Cv = CvBase & {
  DICT_4X4_50: number;
  CORNER_REFINE_SUBPIX: number;
  getPredefinedDictionary(dict: number): ArucoDictionary;
  aruco_DetectorParameters: new () => ArucoDetectorParameters;
  aruco_RefineParameters: new (
    minRepDistance: number,
    errorCorrectionRate: number,
    checkAllOrders: boolean,
  ) => { delete(): void };
  aruco_ArucoDetector: new (
    dict: ArucoDictionary,
    params: ArucoDetectorParameters,
    refine: { delete(): void },
  ) => ArucoDetector;
  /** The JavaScript binding returns its result (the typings only know C++'s out-parameters). */
  minMaxLoc(src: Mat): {
    minVal: number;
    maxVal: number;
    minLoc: { x: number; y: number };
    maxLoc: { x: number; y: number };
  };
};

const require = createRequire(import.meta.url);
let ready: Promise<Cv> | undefined;

/**
 * The initialised module. Emscripten's Module has a `then` of its own, so a promise resolved with
 * it would call that `then` forever (a busy loop): it is removed once the runtime is up.
 */
export function loadCv(): Promise<Cv> {
  ready ??= new Promise<Cv>((resolve) => {
    const cv = require('@techstark/opencv-js') as Cv & { onRuntimeInitialized?: () => void; then?: unknown };
    const done = () => {
      delete cv.then;
      resolve(cv);
    };
    if (typeof cv.Mat === 'function') done();
    else cv.onRuntimeInitialized = done;
  });
  return ready;
}
