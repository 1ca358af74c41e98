// libmicrohttpd through dlopen/dlsym, on first use (textfit_mhd.h says why).
#include "textfit_mhd.h"

#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>

// Every function TextFit calls: (return type, name, parameters), all from libmicrohttpd.so.12.
#define TEXTFIT_MHD_FUNCTIONS(X) \
    X(struct MHD_Daemon *, MHD_start_daemon_va, (unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *, MHD_AccessHandlerCallback, void *, va_list)) \
    X(MHD_socket, MHD_quiesce_daemon, (struct MHD_Daemon *)) \
    X(void, MHD_stop_daemon, (struct MHD_Daemon *)) \
    X(int, MHD_get_connection_values, (struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *)) \
    X(const char *, MHD_lookup_connection_value, (struct MHD_Connection *, enum MHD_ValueKind, const char *)) \
    X(struct MHD_Response *, MHD_create_response_from_buffer, (size_t, void *, enum MHD_ResponseMemoryMode)) \
    X(void, MHD_destroy_response, (struct MHD_Response *)) \
    X(enum MHD_Result, MHD_add_response_header, (struct MHD_Response *, const char *, const char *)) \
    X(enum MHD_Result, MHD_queue_response, (struct MHD_Connection *, unsigned int, struct MHD_Response *)) \
    X(const union MHD_ConnectionInfo *, MHD_get_connection_info, (struct MHD_Connection *, enum MHD_ConnectionInfoType, ...)) \
    X(void, MHD_suspend_connection, (struct MHD_Connection *)) \
    X(void, MHD_resume_connection, (struct MHD_Connection *))

#define TEXTFIT_POINTER(result, name, parameters) result (*name) parameters;
static struct {
    TEXTFIT_MHD_FUNCTIONS(TEXTFIT_POINTER)
} fn;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char problem[1024];

static void load(void) {
    // Never dlclosed: the library stays for the life of the process once a server has started.
    void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem,
                 "serving HTTP needs libmicrohttpd.so.12, which could not be loaded (%s); install the Debian package libmicrohttpd12",
                 reason ? reason : "no reason given");
        return;
    }
#define TEXTFIT_RESOLVE(result, name, parameters)                                                       \
    *(void **)&fn.name = dlsym(library, #name);                                                        \
    if (!fn.name) {                                                                                    \
        const char *reason = dlerror();                                                                \
        snprintf(problem, sizeof problem, "serving HTTP needs %s from libmicrohttpd.so.12, which was not found (%s); " \
                 "install the Debian package libmicrohttpd12 (0.9.75 or later)", #name, reason ? reason : "no reason given"); \
        return;                                                                                        \
    }
    TEXTFIT_MHD_FUNCTIONS(TEXTFIT_RESOLVE)
#undef TEXTFIT_RESOLVE
    loaded = 0;
}

int textfit_mhd_load(const char **message) {
    pthread_once(&once, load);
    if (message) *message = loaded == 0 ? NULL : problem;
    return loaded;
}

struct MHD_Daemon *textfit_mhd_start_daemon_va(unsigned int flags, uint16_t port,
                                               MHD_AcceptPolicyCallback apc, void *apc_cls,
                                               MHD_AccessHandlerCallback dh, void *dh_cls, va_list ap) {
    return fn.MHD_start_daemon_va(flags, port, apc, apc_cls, dh, dh_cls, ap);
}
MHD_socket textfit_mhd_quiesce_daemon(struct MHD_Daemon *daemon) { return fn.MHD_quiesce_daemon(daemon); }
void textfit_mhd_stop_daemon(struct MHD_Daemon *daemon) { fn.MHD_stop_daemon(daemon); }
int textfit_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                      MHD_KeyValueIterator iterator, void *iterator_cls) {
    return fn.MHD_get_connection_values(connection, kind, iterator, iterator_cls);
}
const char *textfit_mhd_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                                const char *key) {
    return fn.MHD_lookup_connection_value(connection, kind, key);
}
struct MHD_Response *textfit_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                             enum MHD_ResponseMemoryMode mode) {
    return fn.MHD_create_response_from_buffer(size, buffer, mode);
}
void textfit_mhd_destroy_response(struct MHD_Response *response) { fn.MHD_destroy_response(response); }
enum MHD_Result textfit_mhd_add_response_header(struct MHD_Response *response, const char *header,
                                                const char *content) {
    return fn.MHD_add_response_header(response, header, content);
}
enum MHD_Result textfit_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                           struct MHD_Response *response) {
    return fn.MHD_queue_response(connection, status_code, response);
}

void textfit_mhd_suspend_connection(struct MHD_Connection *connection) { fn.MHD_suspend_connection(connection); }
void textfit_mhd_resume_connection(struct MHD_Connection *connection) { fn.MHD_resume_connection(connection); }

int textfit_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = fn.MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

void textfit_map_large_blocks(size_t threshold) { mallopt(M_MMAP_THRESHOLD, (int)threshold); }
