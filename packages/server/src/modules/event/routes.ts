import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { tenantOf, userOf } from '../../plugins/request-context.js';
import {
  cancelEvent,
  changeGuests,
  closeEvent,
  createEvent,
  deleteEvent,
  eventAttendees,
  eventDetail,
  handleAttendance,
  listEvents,
  managedAttendances,
  managedEventDetail,
  managedEvents,
  takeEvent,
  updateEvent,
} from './service.js';

export function eventHandlers(app: FastifyInstance): FeatureHandlers<typeof api.event> {
  const appIdOf = (request: Parameters<typeof tenantOf>[0]) => tenantOf(request).appId;
  return {
    list: async (request) => listEvents(app, appIdOf(request), userOf(request).id, request.query),
    detail: async (request) => eventDetail(app.db, appIdOf(request), userOf(request).id, request.params.id),
    attendees: async (request) =>
      eventAttendees(app.db, appIdOf(request), userOf(request).id, request.params.id, request.query),
    take: async (request) =>
      takeEvent(app, appIdOf(request), userOf(request).id, request.body.eventId, request.body.guests),
    changeGuests: async (request) =>
      changeGuests(app, appIdOf(request), userOf(request).id, request.body.eventId, request.body.guests),
    cancel: async (request) => cancelEvent(app, appIdOf(request), userOf(request).id, request.body.eventId),
    confirm: async (request) =>
      handleAttendance(app, appIdOf(request), userOf(request).id, request.body.attendanceId, 'confirmed'),
    refuse: async (request) =>
      handleAttendance(app, appIdOf(request), userOf(request).id, request.body.attendanceId, 'refused'),
    managerList: async (request) => managedEvents(app, appIdOf(request), request.query),
    managerDetail: async (request) => managedEventDetail(app.db, appIdOf(request), request.params.id),
    managerAttendances: async (request) =>
      managedAttendances(app.db, appIdOf(request), request.params.id, request.query),
    create: async (request) => createEvent(app, appIdOf(request), userOf(request).id, request.body),
    update: async (request) => updateEvent(app, appIdOf(request), request.body),
    close: async (request) => closeEvent(app, appIdOf(request), request.params.id),
    remove: async (request, reply) => {
      await deleteEvent(app, appIdOf(request), request.params.id);
      return reply.code(204).send();
    },
  };
}
