import type { FastifyInstance, FastifyRequest } from 'fastify';
import { harvestLimits, type api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { tenantOf, userOf } from '../../plugins/request-context.js';
import { HttpError } from '../../lib/http-error.js';
import { readMultipartUpload } from '../media/upload.js';
import { photoFields } from '../market/fields.js';
import { importProgress } from '../../lib/import-progress.js';
import { sendSpreadsheet } from '../bank/exports/spreadsheet.js';
import { confirmImport, previewImport, readImportFile } from './crop-import.js';
import { listCropImportBatches, undoCropImport } from './crop-import-batches.js';
import { cropImportTemplate } from './crop-import-template.js';
import {
  createCrop,
  cropDetail,
  cropList,
  deleteCrop,
  setCropActive,
  updateCrop,
  updateCropMedia,
} from './crops.js';
import { createField, deleteField, fieldDetail, fieldList } from './fields.js';
import { changePluk, plukDetail, plukOfCrop, plukOfTheWeek, plukOne, plukOverview } from './pluk.js';
import { generatePlukMails, listPlukMailRounds, plukMailPreview, plukMailRound } from './pluk-mail.js';

const tooManyPhotosMessage = `Voeg hoogstens ${harvestLimits.photosMax} foto's toe.`;
// One photo more than allowed is still read, so the answer names the photo limit, not the media one.
const photos = (request: FastifyRequest) =>
  readMultipartUpload(request, {
    fileFields: photoFields,
    maxFiles: harvestLimits.photosMax + 1,
    tooManyFiles: () =>
      new HttpError(400, 'VALIDATION_ERROR', tooManyPhotosMessage, { photos: tooManyPhotosMessage }),
  });

export function harvestHandlers(app: FastifyInstance): FeatureHandlers<typeof api.harvest> {
  const appIdOf = (request: FastifyRequest) => userOf(request).appId;
  return {
    plukOfTheWeek: async (request) => plukOfTheWeek(app.db, userOf(request)),
    plukDetail: async (request) =>
      plukDetail(app.db, userOf(request), request.params.id, request.params.subscriptionId),
    cropList: async (request) => cropList(app.db, appIdOf(request), request.query),
    cropFieldOptions: async (request) =>
      (await fieldList(app.db, appIdOf(request))).map(({ id, name }) => ({ id, name })),
    cropDetail: async (request) => cropDetail(app.db, appIdOf(request), request.params.id),
    cropCreate: async (request) => createCrop(app.db, appIdOf(request), request.body),
    cropUpdate: async (request) => updateCrop(app.db, appIdOf(request), request.body),
    cropActivate: async (request) => setCropActive(app.db, appIdOf(request), request.body.id, true),
    cropDisable: async (request) => setCropActive(app.db, appIdOf(request), request.body.id, false),
    cropUpdateMedia: async (request) => updateCropMedia(app, userOf(request), await photos(request)),
    cropDelete: async (request, reply) => {
      await deleteCrop(app, appIdOf(request), request.params.id);
      return reply.code(204).send();
    },
    cropImportPreview: async (request) =>
      previewImport(app.db, appIdOf(request), await readImportFile(request)),
    cropImportConfirm: async (request) =>
      confirmImport(app.db, appIdOf(request), await readImportFile(request), {
        userId: userOf(request).id,
        progressKey: request.query.progressKey,
      }),
    cropImportTemplate: async (_request, reply) =>
      sendSpreadsheet(reply, 'gewassen-sjabloon.xlsx', await cropImportTemplate()),
    cropImportProgress: async (request) => {
      const progress = importProgress.get(appIdOf(request), request.query.progressKey);
      if (!progress) throw new HttpError(404, 'NOT_FOUND', 'Deze import loopt niet (meer).');
      return progress;
    },
    cropImportBatches: async (request) => listCropImportBatches(app.db, appIdOf(request)),
    cropImportUndo: async (request) =>
      undoCropImport(app.db, appIdOf(request), request.params.id, userOf(request).id),
    fieldList: async (request) => fieldList(app.db, appIdOf(request)),
    fieldDetail: async (request) => fieldDetail(app.db, appIdOf(request), request.params.id),
    fieldCreate: async (request) => createField(app.db, appIdOf(request), request.body),
    fieldDelete: async (request, reply) => {
      await deleteField(app.db, appIdOf(request), request.query.id);
      return reply.code(204).send();
    },
    plukOverview: async (request) => plukOverview(app.db, appIdOf(request), request.query),
    plukOfCrop: async (request) => plukOfCrop(app.db, appIdOf(request), request.params.id),
    plukOne: async (request) =>
      plukOne(app.db, appIdOf(request), request.params.id, request.params.subscriptionId),
    plukToggle: async (request) =>
      changePluk(app.db, appIdOf(request), request.body, { isPickable: 'toggle' }),
    plukActivate: async (request) => changePluk(app.db, appIdOf(request), request.body, { isPickable: true }),
    plukDisable: async (request) => changePluk(app.db, appIdOf(request), request.body, { isPickable: false }),
    plukSetAmount: async (request) =>
      changePluk(app.db, appIdOf(request), request.body, { amountPerShare: request.body.amountPerShare }),
    updateAvailability: async (request) =>
      changePluk(app.db, appIdOf(request), request.body, {
        isPickable: request.body.isPickable,
        amountPerShare: request.body.amountPerShare,
      }),
    plukMailPreview: async (request) => plukMailPreview(app, tenantOf(request), request.body.subscriptionIds),
    plukMailGenerate: async (request) => generatePlukMails(app, tenantOf(request), request.body),
    plukMailGenerateOldPath: async (request) => generatePlukMails(app, tenantOf(request), request.body),
    plukMailRounds: async (request) => listPlukMailRounds(app.db, appIdOf(request)),
    plukMailRound: async (request) => plukMailRound(app.db, appIdOf(request), request.params.id),
  };
}
