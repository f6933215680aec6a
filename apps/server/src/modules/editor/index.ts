// The question editor's face (decision 018, 031): only its module; it writes the bank through content-import's face.
export { editorModule } from './editor.routes.js';
