import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';

/** Spec 000 section 9: at most one toast visible, shown for 5000 ms by default. */
const store = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  removeDelay: 200,
  pauseOnPageIdle: true,
});

type ToastOptions = Parameters<typeof store.create>[0];

/**
 * The app's toaster. The newest toast replaces the visible one at once, so the feedback on screen is always that
 * of the last action (with `max: 1` alone, Chakra would queue it until the visible one times out). A toast
 * created again with the id it already has is updated in place.
 */
export const toaster: typeof store = {
  ...store,
  create(options: ToastOptions) {
    if (!options.id || !store.isVisible(options.id)) store.remove();
    return store.create(options);
  },
  success: (options: ToastOptions) => toaster.create({ ...options, type: 'success' }),
  error: (options: ToastOptions) => toaster.create({ ...options, type: 'error' }),
  info: (options: ToastOptions) => toaster.create({ ...options, type: 'info' }),
  warning: (options: ToastOptions) => toaster.create({ ...options, type: 'warning' }),
  loading: (options: ToastOptions) => toaster.create({ ...options, type: 'loading' }),
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={store} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable !== false && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
