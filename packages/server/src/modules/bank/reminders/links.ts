/** The member's payment page inside the app (`/account/membership/{publicId}`, decision 077). */
export const paymentLink = (publicId: string) => `/account/membership/${encodeURIComponent(publicId)}`;
