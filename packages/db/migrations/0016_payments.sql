CREATE TABLE "code_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"valid" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"max_uses" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"invalid" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_uses_ck" CHECK ("discount_codes"."used_count" >= 0 and "discount_codes"."used_count" <= "discount_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "sandbox_orders" (
	"order" text PRIMARY KEY NOT NULL,
	"amount_fen" integer NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'WaitPay' NOT NULL,
	"txn_id" text,
	"notify_url" text NOT NULL,
	"notified_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trade_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text,
	"source" text NOT NULL,
	"alert" boolean DEFAULT false NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"param" integer NOT NULL,
	"order" text NOT NULL,
	"status" text DEFAULT 'None' NOT NULL,
	"provider" text NOT NULL,
	"list_price_fen" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"code_id" bigint,
	"title" text NOT NULL,
	"qrcode_text" text,
	"qrcode_url" text,
	"device_id" text,
	"provider_txn_id" text,
	"paid_fen" integer,
	"paid_at" timestamp with time zone,
	"note" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_order_unique" UNIQUE("order")
);
--> statement-breakpoint
ALTER TABLE "code_attempts" ADD CONSTRAINT "code_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_attempts_user_idx" ON "code_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_events_trade_idx" ON "trade_events" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "trade_events_alert_idx" ON "trade_events" USING btree ("created_at") WHERE "trade_events"."alert";--> statement-breakpoint
CREATE UNIQUE INDEX "trades_provider_txn_uq" ON "trades" USING btree ("provider","provider_txn_id") WHERE "trades"."provider_txn_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "trades_one_open_uq" ON "trades" USING btree ("user_id","kind") WHERE "trades"."status" in ('None', 'WaitPay');--> statement-breakpoint
CREATE INDEX "trades_user_idx" ON "trades" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trades_sweep_idx" ON "trades" USING btree ("status","expires_at") WHERE "trades"."status" in ('None', 'WaitPay', 'PaySuccess');