// libxml2 for Swift where the SDK has no `libxml2` module (Linux and others). Debian's libxml2 is built with ICU, whose headers clash with the
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
