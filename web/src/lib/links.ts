/** A business page's detail on the Business screen, by its name: /business?company={name} (spec 001 section 2.4). */
export const businessHref = (name: string) => `/business?company=${encodeURIComponent(name)}`;
/** The job board's link to one job's details: /jobs?id={id} (the job board opens it). */
export const jobHref = (id: string) => `/jobs?id=${encodeURIComponent(id)}`;
/** The Events screen's link to one event's details: /events?id={id} (the events screen opens it). */
export const eventHref = (id: string) => `/events?id=${encodeURIComponent(id)}`;
/** A member's profile: /profile/{id} (the own profile is /profile). */
export const profileHref = (id: string) => `/profile/${encodeURIComponent(id)}`;
