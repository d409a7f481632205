from django.urls import path

from kantyna.identity import views

urlpatterns = [
    path("login", views.login_page, name="sso-login"),
    path("forgot", views.forgot_page, name="sso-forgot"),
    path("reset/<str:token>", views.reset_page, name="sso-reset"),
    path("api/token", views.TokenView.as_view(), name="sso-token"),
    path("dev/mail", views.dev_mail_page, name="sso-dev-mail"),
    path(
        "dev/mail/<str:message_id>/attachments/<int:index>",
        views.dev_mail_attachment,
        name="sso-dev-mail-attachment",
    ),
]
