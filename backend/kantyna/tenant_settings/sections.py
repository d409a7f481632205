"""Each settings section: its fields with defaults (a serializer), and who may read and write it."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from kantyna.core.outbound import UNRESOLVABLE, OutboundError, outbound_addresses
from kantyna.core.serializers import MAX_BOOKING, MAX_FEE, KantynaSerializer, MoneyAmountField, MoneySerializer
from kantyna.core.validators import validate_nrb

ZERO = {"amount": "0.00", "currency": "PLN"}
MAX_UPLOAD_LIMIT = 50 * 1024 * 1024


def money_field(*, max_amount) -> MoneySerializer:
    """A money setting: never negative (a negative fee would pay the payer, a negative debit would demand a
    positive balance), at most `max_amount`."""
    return MoneySerializer(default=lambda: dict(ZERO), max_amount=max_amount)


class ParentsSettingsSerializer(KantynaSerializer):
    registration_fee = money_field(max_amount=MAX_FEE)
    add_registration_fee = serializers.BooleanField(default=False)
    allow_self_registration = serializers.BooleanField(default=False)
    hide_institutions_lists_from_parents = serializers.BooleanField(default=False)
    iban_account_number_part = serializers.RegexField(
        r"^\d{0,8}$", default="", allow_blank=True, error_messages={"invalid": _("Enter up to 8 digits.")}
    )
    allow_changing_allergens = serializers.BooleanField(default=True)
    allow_changing_allergens_note = serializers.BooleanField(default=True)
    allow_changing_diets = serializers.BooleanField(default=False)
    allow_changing_classrooms = serializers.BooleanField(default=False)
    allow_changing_institutions = serializers.BooleanField(default=False)
    allow_changing_card_numbers = serializers.BooleanField(default=False)
    hide_ingredients = serializers.BooleanField(default=False)
    balance_per_children = serializers.BooleanField(default=False)


class FeesSerializer(KantynaSerializer):
    id = serializers.IntegerField(read_only=True, default=1)
    add_manipulation_fee = serializers.BooleanField(default=False)
    default_manipulation_fee = money_field(max_amount=MAX_FEE)
    add_payment_transaction_fee = serializers.BooleanField(default=False)
    # An amount in PLN or a percentage, by payment_transaction_fee_type.
    payment_transaction_fee = MoneyAmountField(max_amount=MAX_FEE, default="0.00")
    payment_transaction_fee_type = serializers.ChoiceField(choices=["amount", "percent"], default="amount")
    order_charge_time = serializers.ChoiceField(choices=["on_marking", "in_order_day"], default="on_marking")

    def validate(self, data):
        if data.get("payment_transaction_fee_type") == "percent" and data.get("payment_transaction_fee", 0) > 100:
            raise serializers.ValidationError({"payment_transaction_fee": [_("A percentage cannot exceed 100.")]})
        return data


class OrdersConfigSerializer(KantynaSerializer):
    card_number_length = serializers.IntegerField(min_value=6, max_value=10, default=10)
    dining_cards_enabled = serializers.BooleanField(default=True)
    order_deadline_days_before = serializers.IntegerField(min_value=0, max_value=14, default=1)
    order_deadline_time = serializers.RegexField(
        r"^([01]\d|2[0-3]):[0-5]\d$", default="12:00", error_messages={"invalid": _("Enter a time as HH:MM.")}
    )
    # Each year's public holidays are added to the free days (ordering.services.free_days.public_holidays_offer).
    public_holidays_free_days = serializers.BooleanField(default=True)
    # The terminal may order a meal on the spot for someone without one (terminal/{type}/{id}/presences).
    terminal_orders_enabled = serializers.BooleanField(default=False)


class PresencesMarkingConfigSerializer(KantynaSerializer):
    allow_any_diets = serializers.BooleanField(default=False)
    allow_notes = serializers.BooleanField(default=True)
    allow_prepaid_orders = serializers.BooleanField(default=False)
    allow_only_one_diet_and_meal_type = serializers.BooleanField(default=False)
    allow_subscribed_payments = serializers.BooleanField(default=False)
    require_last_month_to_be_paid = serializers.BooleanField(default=False)


class Przelewy24ConfigSerializer(KantynaSerializer):
    """The tenant's Przelewy24 account. `crc` and `api_key` (P24's "klucz do raportów") are secrets: written, never
    read back (`crc_set` / `api_key_set` say whether one is stored); an empty value sent keeps the stored one
    (services.settings_update)."""

    SECRETS = ("crc", "api_key")

    merchant_id = serializers.IntegerField(min_value=0, max_value=2_147_483_647, default=0)
    pos_id = serializers.IntegerField(min_value=0, max_value=2_147_483_647, default=0)
    crc = serializers.CharField(default="", allow_blank=True, max_length=64, write_only=True)
    api_key = serializers.CharField(default="", allow_blank=True, max_length=64, write_only=True)
    crc_set = serializers.SerializerMethodField()
    api_key_set = serializers.SerializerMethodField()
    # P24's sandbox (sandbox.przelewy24.pl); with the server's PAYMENTS_FAKE on, the local fake paywall instead.
    sandbox = serializers.BooleanField(default=True)

    def get_crc_set(self, values) -> bool:
        return bool(values.get("crc"))

    def get_api_key_set(self, values) -> bool:
        return bool(values.get("api_key"))


class TpayConfigSerializer(KantynaSerializer):
    """The tenant's Tpay account: `merchant_id` (the notification's `id`), the OpenAPI client (`client_id`,
    `client_secret`) and the notification security code (Tpay's "kod bezpieczeństwa", in the md5sum). The secret
    and the code are written, never read back (`client_secret_set` / `security_code_set`); empty keeps the stored."""

    SECRETS = ("client_secret", "security_code")

    merchant_id = serializers.IntegerField(min_value=0, max_value=2_147_483_647, default=0)
    client_id = serializers.CharField(default="", allow_blank=True, max_length=128)
    client_secret = serializers.CharField(default="", allow_blank=True, max_length=128, write_only=True)
    security_code = serializers.CharField(default="", allow_blank=True, max_length=64, write_only=True)
    client_secret_set = serializers.SerializerMethodField()
    security_code_set = serializers.SerializerMethodField()
    # Tpay's sandbox (openapi.sandbox.tpay.com); with the server's PAYMENTS_FAKE on, the local fake paywall instead.
    sandbox = serializers.BooleanField(default=True)

    def get_client_secret_set(self, values) -> bool:
        return bool(values.get("client_secret"))

    def get_security_code_set(self, values) -> bool:
        return bool(values.get("security_code"))


class AutopayConfigSerializer(KantynaSerializer):
    """The tenant's Autopay (Blue Media) service: `service_id` and the shared key (`shared_key`, in every hash),
    written, never read back (`shared_key_set`); empty keeps the stored one."""

    SECRETS = ("shared_key",)

    service_id = serializers.IntegerField(min_value=0, max_value=2_147_483_647, default=0)
    shared_key = serializers.CharField(default="", allow_blank=True, max_length=128, write_only=True)
    shared_key_set = serializers.SerializerMethodField()
    # Autopay's test environment (testpay.autopay.eu); with the server's PAYMENTS_FAKE on, the local fake paywall.
    sandbox = serializers.BooleanField(default=True)

    def get_shared_key_set(self, values) -> bool:
        return bool(values.get("shared_key"))


class PaymentMethodsConfigSerializer(KantynaSerializer):
    tpay_enabled = serializers.BooleanField(default=False)
    tpay_collect_enabled = serializers.BooleanField(default=False)
    przelewy24_enabled = serializers.BooleanField(default=False)
    autopay_enabled = serializers.BooleanField(default=False)
    allow_online_payments = serializers.BooleanField(default=False)
    allow_bank_transfers = serializers.BooleanField(default=True)
    static_bank_account_number = serializers.CharField(default="", allow_blank=True, max_length=32, validators=[])
    static_bank_account_number2 = serializers.CharField(default="", allow_blank=True, max_length=32)
    minimum_payment_amount = money_field(max_amount=MAX_BOOKING)
    przelewy24 = Przelewy24ConfigSerializer(
        default=lambda: {"merchant_id": 0, "pos_id": 0, "crc": "", "api_key": "", "sandbox": True}
    )
    tpay = TpayConfigSerializer(
        default=lambda: {"merchant_id": 0, "client_id": "", "client_secret": "", "security_code": "", "sandbox": True}
    )
    autopay = AutopayConfigSerializer(default=lambda: {"service_id": 0, "shared_key": "", "sandbox": True})

    def validate_static_bank_account_number(self, value):
        return validate_nrb(value)

    def validate_static_bank_account_number2(self, value):
        return validate_nrb(value)


class DebitsConfigSerializer(KantynaSerializer):
    apply_allowed_debit = serializers.BooleanField(default=False)
    allowed_debit = money_field(max_amount=MAX_BOOKING)


class InvoicesConfigSerializer(KantynaSerializer):
    """`exemption_basis`: the provision exempt ("zw") meals are exempt under, printed in the KSeF XML. KSeF: while
    `ksef_enabled`, the office may send business buyers' invoices to KSeF as the seller (company details' NIP) with
    `ksef_token`, a secret: written, never read back (`ksef_token_set`); an empty value sent keeps the stored one."""

    SECRETS = ("ksef_token",)

    invoices_enabled = serializers.BooleanField(default=False)
    numbering_pattern = serializers.CharField(default="FV/{number}/{month}/{year}", max_length=60)
    payment_due_days = serializers.IntegerField(min_value=0, max_value=90, default=14)
    default_vat_rate = serializers.ChoiceField(choices=["0", "5", "8", "23", "zw"], default="8")
    exemption_basis = serializers.CharField(default="", allow_blank=True, max_length=256)
    ksef_enabled = serializers.BooleanField(default=False)
    ksef_token = serializers.CharField(default="", allow_blank=True, max_length=512, write_only=True)
    ksef_token_set = serializers.SerializerMethodField()

    def get_ksef_token_set(self, values) -> bool:
        return bool(values.get("ksef_token"))

    def validate_numbering_pattern(self, value):
        if "{number}" not in value:
            raise serializers.ValidationError(_("The pattern must contain {number}."))
        return value

    def validate(self, data):
        if data.get("default_vat_rate") == "zw" and not (data.get("exemption_basis") or "").strip():
            raise serializers.ValidationError(
                {"exemption_basis": [_("Enter the legal basis of the exemption (e.g. art. 43 ust. 1 pkt 24).")]}
            )
        return data


class InvoicesConfigForUsersSerializer(KantynaSerializer):
    enable_invoices_for_users = serializers.BooleanField(default=False)
    require_invoice_config_for_users = serializers.BooleanField(default=False)


# The cash registers kantyna/fiscal/registers knows (`register_for`).
CASH_REGISTERS = ("fake", "novitus")


class FiscalConfigSerializer(KantynaSerializer):
    """Fiscal receipts (kantyna.fiscal): while enabled, consumers' deposits booked on or after `fiscalize_from` are
    registered on the chosen online cash register. Enabling sets `fiscalize_from` to today unless given (an earlier
    day catches up deposits already booked); disabling clears it, so enabling again starts from that day.

    `register`: "fake" is a software stand-in that issues no real receipts (tests, the demo); "novitus" is a Novitus
    online printer at `register_url` (its NoviApi address, e.g. http://kasa.example.pl:8888: a public one unless the
    server allows its own network, FISCAL_REGISTER_ANY_ADDRESS). The receipt's one line is `item_name` at
    `tax_symbol`, the letter the printer has programmed for the rate (A-G). NoviApi needs no credentials (the
    printer's port and MAC filter decide who may call it), so none are kept here."""

    fiscalization_enabled = serializers.BooleanField(default=False)
    register = serializers.ChoiceField(choices=CASH_REGISTERS, default="fake")
    fiscalize_from = serializers.DateField(allow_null=True, required=False, default=None)
    register_url = serializers.URLField(default="", allow_blank=True, max_length=200)
    tax_symbol = serializers.ChoiceField(choices=list("ABCDEFG"), default="B")
    # A printer ties an item's name to the rate it is sold at (it refuses a higher rate after a lower one): the name
    # is best kept once receipts are printed.
    item_name = serializers.CharField(default="Posiłki - przedpłata", max_length=60)

    def validate_register_url(self, value: str) -> str:
        """Only a public address (the server calls it on the tenant's say: never its own network), unless
        FISCAL_REGISTER_ANY_ADDRESS. Checked again at every call (core.outbound): a name may answer otherwise
        later. A name that does not resolve now is kept: the printer's DNS may be down for a while."""
        if not value or settings.FISCAL_REGISTER_ANY_ADDRESS:
            return value
        try:
            outbound_addresses(value)
        except OutboundError as error:
            if error.reason != UNRESOLVABLE:
                raise serializers.ValidationError(
                    _(
                        "Enter a public address of the printer: this server does not call addresses of its own "
                        "network (loopback, private or link-local)."
                    )
                ) from error
        return value

    def validate(self, data):
        if data.get("register") == "novitus" and not data.get("register_url"):
            raise serializers.ValidationError({"register_url": _("Enter the printer's NoviApi address.")})
        since = data.get("fiscalize_from")
        if not data.get("fiscalization_enabled"):
            since = None
        elif since is None:
            since = timezone.localdate()
        data["fiscalize_from"] = since.isoformat() if since is not None else None  # stored as JSON
        return data


class GeneralSettingsSerializer(KantynaSerializer):
    register_as = serializers.ChoiceField(choices=["parent", "institution_worker", "both"], default="parent")
    upload_max_file_size = serializers.IntegerField(
        min_value=1024 * 1024, max_value=MAX_UPLOAD_LIMIT, default=10 * 1024 * 1024
    )
    can_see_prices_by_default = serializers.BooleanField(default=True)
    default_locale = serializers.ChoiceField(choices=["pl", "en"], default="pl")


class CompanyDetailsSerializer(KantynaSerializer):
    name = serializers.CharField(default="", allow_blank=True, max_length=200)
    vat_id = serializers.RegexField(
        r"^(\d{10})?$", default="", allow_blank=True, error_messages={"invalid": _("Enter 10 digits.")}
    )
    street = serializers.CharField(default="", allow_blank=True, max_length=200)
    city = serializers.CharField(default="", allow_blank=True, max_length=100)
    post_code = serializers.RegexField(
        r"^(\d{2}-\d{3})?$", default="", allow_blank=True, error_messages={"invalid": _("Enter a post code as 00-000.")}
    )
    email = serializers.EmailField(default="", allow_blank=True)
    phone_number = serializers.CharField(default="", allow_blank=True, max_length=20)
    bank_account_number = serializers.CharField(default="", allow_blank=True, max_length=32)
    terms_url = serializers.URLField(default="", allow_blank=True)
    privacy_policy_url = serializers.URLField(default="", allow_blank=True)
    catering_terms_url = serializers.URLField(default="", allow_blank=True)
    logo_url = serializers.CharField(read_only=True, allow_null=True)

    def validate_bank_account_number(self, value):
        return validate_nrb(value)


@dataclass(frozen=True)
class Section:
    key: str  # storage key and service name
    path: str  # URL segment under common/settings/
    serializer: type[serializers.Serializer]
    read_ability: str = "tenant.access"
    write_ability: str = "settings.manage"


SECTIONS: dict[str, Section] = {
    section.key: section
    for section in [
        Section("parents_settings", "parentsSettings", ParentsSettingsSerializer),
        Section("fees", "fees", FeesSerializer),
        Section("orders_config", "ordersConfig", OrdersConfigSerializer),
        Section("presences_marking_config", "presencesMarkingConfig", PresencesMarkingConfigSerializer),
        Section("payment_methods_config", "paymentMethodsConfig", PaymentMethodsConfigSerializer),
        Section("debits_config", "debitsConfig", DebitsConfigSerializer, read_ability="settings.manage"),
        Section("invoices_config", "invoicesConfig", InvoicesConfigSerializer),
        Section("invoices_config_for_users", "invoicesConfigForUsers", InvoicesConfigForUsersSerializer),
        Section("fiscal_config", "fiscalConfig", FiscalConfigSerializer),
        Section("general", "tenant/settings", GeneralSettingsSerializer),
        Section("company_details", "companyDetails", CompanyDetailsSerializer),
    ]
}
