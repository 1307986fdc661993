/** Who may use the radar (spec 002 section 4): only a member whose radar is on sees others, and is seen. */
export const radarPolicy = {
  canSearch: (radarEnabled: boolean) => radarEnabled,
};
