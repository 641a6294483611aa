import type { FastifyInstance, FastifyRequest } from 'fastify';
import { marketLimits, type api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { userOf } from '../../plugins/request-context.js';
import { readMultipartUpload } from '../media/upload.js';
import { takersFileName, takersSpreadsheet, xlsxType } from './export.js';
import { photoFields, tooManyPhotos } from './fields.js';
import { managerReservations } from './reservations.js';
import { listOffers, managerOffers, myOffers, myOrders, offerDetail, offerTakers } from './offers.js';
import {
  cancelReservation,
  closeOffer,
  confirmReservation,
  createOffer,
  deleteOffer,
  refuseReservation,
  reserveOffer,
  updateOffer,
  type Actor,
} from './service.js';

const member = (request: FastifyRequest): Actor => ({ user: userOf(request), asManager: false });
const manager = (request: FastifyRequest): Actor => ({ user: userOf(request), asManager: true });
// One photo more than allowed is still read, so `assertPhotos` answers with the photo limit, not the media one.
const photos = (request: FastifyRequest) =>
  readMultipartUpload(request, {
    fileFields: photoFields,
    maxFiles: marketLimits.photosMax + 1,
    tooManyFiles: tooManyPhotos,
  });

export function marketHandlers(app: FastifyInstance): FeatureHandlers<typeof api.market> {
  return {
    list: async (request) => listOffers(app.db, userOf(request), request.query),
    detail: async (request) => offerDetail(app.db, userOf(request), request.params.id),
    create: async (request) => createOffer(app, userOf(request), await photos(request)),
    update: async (request) => updateOffer(app, member(request), await photos(request)),
    take: async (request) => reserveOffer(app, userOf(request), request.body, 'take'),
    buy: async (request) => reserveOffer(app, userOf(request), request.body, 'buy'),
    cancel: async (request) => cancelReservation(app.db, userOf(request), request.body.reservationId),
    confirm: async (request) => confirmReservation(app, member(request), request.body.reservationId),
    refuse: async (request) => refuseReservation(app, member(request), request.body.reservationId),
    close: async (request) => closeOffer(app.db, member(request), request.body.offerId),
    remove: async (request, reply) => {
      await deleteOffer(app, member(request), request.params.id);
      return reply.code(204).send();
    },
    myOffers: async (request) => myOffers(app.db, userOf(request)),
    myOrders: async (request) => myOrders(app.db, userOf(request)),
    managerList: async (request) => managerOffers(app.db, userOf(request), request.query),
    managerPaged: async (request) => managerOffers(app.db, userOf(request), request.body),
    managerReservations: async (request) => managerReservations(app.db, userOf(request), request.query),
    managerDetail: async (request) =>
      offerDetail(app.db, userOf(request), request.params.id, { seesAll: true }),
    managerCreate: async (request) => createOffer(app, userOf(request), await photos(request)),
    managerUpdate: async (request) => updateOffer(app, manager(request), await photos(request)),
    managerConfirm: async (request) => confirmReservation(app, manager(request), request.body.reservationId),
    managerRefuse: async (request) => refuseReservation(app, manager(request), request.body.reservationId),
    managerClose: async (request) => closeOffer(app.db, manager(request), request.params.id),
    managerRemove: async (request, reply) => {
      await deleteOffer(app, manager(request), request.params.id);
      return reply.code(204).send();
    },
    takers: async (request) => offerTakers(app.db, userOf(request).appId, request.params.id),
    export: async (request, reply) => {
      const id = request.params.id;
      const data = await takersSpreadsheet(app.db, userOf(request).appId, id);
      return reply
        .type(xlsxType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `attachment; filename="${takersFileName(id)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  };
}
