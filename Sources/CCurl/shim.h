// libcurl for Swift: curl_easy_setopt, curl_easy_getinfo and curl_share_setopt are variadic, which
// Swift cannot call, so each argument type gets a typed wrapper.
#include <curl/curl.h>

typedef size_t (*ccurl_data_callback)(char *, size_t, size_t, void *);
typedef int (*ccurl_xferinfo_callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
typedef void (*ccurl_lock_callback)(CURL *, curl_lock_data, curl_lock_access, void *);
typedef void (*ccurl_unlock_callback)(CURL *, curl_lock_data, void *);

static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_data_callback(CURL *handle, CURLoption option,
                                                  ccurl_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}
static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}
static inline CURLSHcode ccurl_share_setopt_long(CURLSH *share, CURLSHoption option, long value) {
  return curl_share_setopt(share, option, value);
}
static inline CURLSHcode ccurl_share_setopt_pointer(CURLSH *share, CURLSHoption option,
                                                    void *value) {
  return curl_share_setopt(share, option, value);
}
static inline CURLSHcode ccurl_share_setopt_lock(CURLSH *share, ccurl_lock_callback lock,
                                                 ccurl_unlock_callback unlock) {
  CURLSHcode code = curl_share_setopt(share, CURLSHOPT_LOCKFUNC, lock);
  if (code != CURLSHE_OK) return code;
  return curl_share_setopt(share, CURLSHOPT_UNLOCKFUNC, unlock);
}
static inline CURLcode ccurl_msg_result(CURLMsg *message) { return message->data.result; }
