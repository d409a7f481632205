from rest_framework.routers import SimpleRouter

router = SimpleRouter(trailing_slash=False)
# Register more specific prefixes first (e.g. `x/groups` before `x`), so `{id}` never swallows them.

urlpatterns = router.urls
