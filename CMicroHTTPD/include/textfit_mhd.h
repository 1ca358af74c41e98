// GNU libmicrohttpd, loaded on first use with dlopen: the service's HTTP transport
// (Sources/Service/HTTPServer.swift) alone imports this module. Nothing here links libmicrohttpd,
// so a process that never serves HTTP never maps it and the TLS stack it brings (GnuTLS, Nettle,
// GMP, p11-kit, libidn2 …; about 3.5 ms of dynamic loading before main in every process).
//
// <microhttpd.h> (Debian libmicrohttpd-dev, in /usr/include: no pkg-config flags) gives the types and
// `MHD_*` constants; its functions are declared there but must not be called from Swift (they are
// not linked: a direct call fails to link). Calls go through the `textfit_mhd_*` functions, which
// forward to pointers found with dlsym (textfit_mhd.c). Call `textfit_mhd_load` first.
#ifndef TEXTFIT_MHD_H
#define TEXTFIT_MHD_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Loads libmicrohttpd.so.12 and finds every function below, once per process (pthread_once; later
/// calls only read the outcome). 0 when it is usable; otherwise -1 and `*message` (static, never
/// freed) names the library or function that failed, dlerror()'s text and the Debian package that
/// provides it. The other functions must not be called unless it gave 0.
int textfit_mhd_load(const char **message);

struct MHD_Daemon *textfit_mhd_start_daemon_va(unsigned int flags, uint16_t port,
                                               MHD_AcceptPolicyCallback apc, void *apc_cls,
                                               MHD_AccessHandlerCallback dh, void *dh_cls, va_list ap);
MHD_socket textfit_mhd_quiesce_daemon(struct MHD_Daemon *daemon);
void textfit_mhd_stop_daemon(struct MHD_Daemon *daemon);
int textfit_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                      MHD_KeyValueIterator iterator, void *iterator_cls);
const char *textfit_mhd_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                                const char *key);
struct MHD_Response *textfit_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                             enum MHD_ResponseMemoryMode mode);
void textfit_mhd_destroy_response(struct MHD_Response *response);
enum MHD_Result textfit_mhd_add_response_header(struct MHD_Response *response, const char *header,
                                                const char *content);
enum MHD_Result textfit_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                           struct MHD_Response *response);

/// Takes a connection out of the daemon's polling while its answer is computed elsewhere (call it
/// from the access handler only; the daemon needs MHD_ALLOW_SUSPEND_RESUME).
void textfit_mhd_suspend_connection(struct MHD_Connection *connection);
/// Puts a suspended connection back: the access handler is called again for its request. Safe from
/// any thread; every suspended connection must be resumed before the daemon stops.
void textfit_mhd_resume_connection(struct MHD_Connection *connection);

/// Sets glibc's `M_MMAP_THRESHOLD` (blocks from `threshold` bytes up are mapped on their own and
/// unmapped when freed); not libmicrohttpd's, but the HTTP server's process is the one that needs it.
void textfit_map_large_blocks(size_t threshold);

/// A connection's socket, or -1: `MHD_get_connection_info` is variadic, which Swift cannot call.
int textfit_connection_socket(struct MHD_Connection *connection);

#endif
