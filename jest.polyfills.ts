// jsdom lacks the encoders that typebox and the browsers we target have.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
