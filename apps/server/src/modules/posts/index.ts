// The posts module's face (decision 018): a question's discussion, its moderation, and the comment images.
export { postsModule } from './posts.routes.js';
