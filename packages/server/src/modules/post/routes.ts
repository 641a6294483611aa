import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { tenantOf, userOf } from '../../plugins/request-context.js';
import { readMultipartUpload } from '../media/upload.js';
import {
  createPost,
  deletePost,
  emailRound,
  listPosts,
  managedPost,
  managedPosts,
  postDetail,
  sendPostByEmail,
  updatePost,
} from './service.js';

export function postHandlers(app: FastifyInstance): FeatureHandlers<typeof api.post> {
  return {
    list: async (request) => listPosts(app, tenantOf(request).appId, request.query),
    detail: async (request) => postDetail(app, tenantOf(request).appId, request.params.id),
    managerList: async (request) => managedPosts(app, tenantOf(request).appId, false, request.query),
    managerActive: async (request) => managedPosts(app, tenantOf(request).appId, true, request.query),
    managerDetail: async (request) => managedPost(app, tenantOf(request).appId, request.params.id),
    create: async (request) => createPost(app, userOf(request), await readMultipartUpload(request)),
    update: async (request) => updatePost(app, userOf(request), await readMultipartUpload(request)),
    sendWithEmail: async (request) =>
      sendPostByEmail(app, tenantOf(request), userOf(request), request.params.id),
    emailRound: async (request) => emailRound(app, tenantOf(request).appId, request.params.id),
    delete: async (request, reply) => {
      await deletePost(app, tenantOf(request).appId, request.params.id);
      return reply.code(204).send();
    },
  };
}
