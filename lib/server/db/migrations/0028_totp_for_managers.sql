-- Every role that holds a management power requires the TOTP second factor of its holders (GB/T 22239-2019 三级,
-- 身份鉴别 d); an administrator may lift it per role in 角色管理. The demo seed lifts it for the demo accounts.
UPDATE "roles" SET "require_totp" = true WHERE cardinality("powers") > 0;
