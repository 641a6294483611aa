import { authRoutes } from './auth.js';
import type { RouteDef } from './define-route.js';
import { healthRoutes } from './health.js';
import { infoRoutes } from './info.js';
import { userRoutes } from './user.js';
import { usersRoutes } from './users.js';
import { taskRoutes } from './task.js';
import { creditRoutes } from './credit.js';
import { eventRoutes } from './event.js';
import { postRoutes } from './post.js';
import { mediaRoutes } from './media.js';
import { commentRoutes } from './comment.js';
import { notificationRoutes } from './notification.js';
import { feedbackRoutes } from './feedback.js';
import { weatherRoutes } from './weather.js';
import { marketRoutes } from './market.js';
import { requestRoutes } from './request.js';
import { walletRoutes } from './wallet.js';
import { harvestRoutes } from './harvest.js';
import { subscriptionRoutes } from './subscription.js';
import { bankRoutes } from './bank.js';
import { reenrolmentRoutes } from './reenrolment.js';
import { adminRoutes } from './admin.js';
import { translationRoutes } from './translation.js';
import { settingsRoutes } from './settings.js';
import { communicationRoutes } from './communication.js';
import { analystRoutes } from './analyst.js';
import { managementRoutes } from './management.js';

/** Every API route by feature. A route missing from here fails the authorization matrix test. */
export const api = {
  health: healthRoutes,
  info: infoRoutes,
  auth: authRoutes,
  user: userRoutes,
  users: usersRoutes,
  task: taskRoutes,
  credit: creditRoutes,
  event: eventRoutes,
  post: postRoutes,
  media: mediaRoutes,
  comment: commentRoutes,
  notification: notificationRoutes,
  feedback: feedbackRoutes,
  weather: weatherRoutes,
  market: marketRoutes,
  request: requestRoutes,
  wallet: walletRoutes,
  harvest: harvestRoutes,
  subscription: subscriptionRoutes,
  bank: bankRoutes,
  reenrolment: reenrolmentRoutes,
  admin: adminRoutes,
  translation: translationRoutes,
  settings: settingsRoutes,
  communication: communicationRoutes,
  analyst: analystRoutes,
  management: managementRoutes,
} as const;

/** The whole route table as a flat list: what the server registers and the matrix test walks. */
export const routeTable: readonly RouteDef[] = Object.values(api).flatMap((group) =>
  Object.values(group as Record<string, RouteDef>),
);
