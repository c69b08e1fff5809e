// libxml2 for Swift. Debian's libxml2 is built with ICU, whose headers clash with the
// ICU module Foundation brings on Linux; the reader needs none of libxml2's ICU API.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

// `xmlFree` is a global function pointer, which Swift 6 treats as shared mutable state.
static inline void cxml_free(void *pointer) { xmlFree(pointer); }
