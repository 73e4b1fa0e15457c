import { DEFAULT_PHOTO_RULE, type PhotoRule } from '@zhaokao/contracts';
import { createContext, useContext } from 'react';

/** The photo rule the resume's photo is cropped to: a plan's, when the candidate came from applying to it (`planId`). */
export const PhotoRuleContext = createContext<{ rule: PhotoRule; planId?: number; planName?: string }>({ rule: DEFAULT_PHOTO_RULE });

export const usePhotoRule = () => useContext(PhotoRuleContext);
